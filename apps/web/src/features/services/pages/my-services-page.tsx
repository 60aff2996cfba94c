/**
 * /my-services (spec 1 §2 my-services, 'Other screens: My Services'): the account's services, 20 a
 * page, each opening its details; 'Add service' for the account owner. Without
 * menu-see-my-services the page explains instead of asking the API.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { SERVICES_PAGE_SIZE } from '@portside/contract/schemas/services';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useMyServices } from '../api/get-my-services';
import { AddServiceModal } from '../components/add-service-modal';
import { NoServicesAccess } from '../components/no-services-access';
import { ServicesTable } from '../components/services-table';
import { useServicesAccess } from '../lib/use-services-access';

export default function MyServicesPage() {
  const { t } = useTranslation('services');
  const access = useServicesAccess();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const services = useMyServices(page, access.canView);

  if (!access.canView) return <NoServicesAccess title={t('list.title')} />;

  const rows = services.data?.rows ?? [];
  const total = services.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / SERVICES_PAGE_SIZE));

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('list.title')}
        subtitle={
          <>
            {t('list.subtitle')}{' '}
            <Anchor component={Link} to={buildPath('services-history')} size="sm" underline="always">
              {t('list.history_link')}
            </Anchor>
          </>
        }
        actions={
          access.canManage ? (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
              {t('list.add')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" maw={320}>
              {t('list.owner_only')}
            </Text>
          )
        }
      />
      <QueryState
        query={services}
        loadingLabel={t('loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder p="md" radius="md">
            <EmptyState icon="list" title={t('list.empty')} body={t('list.empty_body')} />
          </Paper>
        }
      >
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('list.count', { count: total })}
        </Text>
        <ServicesTable rows={rows} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('list.pages_label')} />
        </Group>
      </QueryState>
      {access.canManage && <AddServiceModal opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
