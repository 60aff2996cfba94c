/**
 * /servers-dedicated (spec 1 §2, issue 17): the servers being installed for the account, then its
 * dedicated servers, 25 a page, with their power state kept live. Without any server the page
 * points to the dedicated offers of the order page. The route's gate (menu-see-dedicated-servers)
 * keeps the reads from running without the claim.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDedicatedServers } from '../api/get-dedicated-servers';
import { useServerInstalls } from '../api/get-server-installs';
import { DedicatedList } from '../components/dedicated-list';
import { InstallsList } from '../components/installs-list';
import { DEDICATED_PAGE_SIZE } from '../lib/power';
import { useDedicatedLive } from '../lib/use-dedicated-live';

export default function DedicatedServersPage() {
  const { t } = useTranslation('dedicated');
  const [page, setPage] = useState(1);
  const servers = useDedicatedServers(page);
  const installs = useServerInstalls();
  useDedicatedLive({ announceFailures: true });

  const rows = servers.data?.rows ?? [];
  const total = servers.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / DEDICATED_PAGE_SIZE));
  const preparing = (installs.data ?? []).filter((i) => i.step !== 'handed-over');
  const order = (
    <Button component={Link} to={buildPath('NewOrder')} leftSection={<Icon name="plus" size={16} />}>
      {t('list.order')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1200} miw={0}>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={order} />
      {/* An install list that fails to load is not worth a second error box: the servers matter more. */}
      <InstallsList installs={preparing} />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'xs', sm: 'md' }}
        component="section"
        aria-label={t('list.servers_label')}
        aria-busy={servers.isFetching && !servers.data}
      >
        <QueryState
          query={servers}
          loadingLabel={t('list.loading')}
          isEmpty={() => rows.length === 0 && page === 1}
          empty={
            <EmptyState
              icon="server"
              title={t('list.empty_title')}
              body={preparing.length > 0 ? t('list.empty_body_installing') : t('list.empty_body')}
              action={
                <Button component={Link} to={buildPath('NewOrder')} variant="light">
                  {t('list.see_offers')}
                </Button>
              }
            />
          }
        >
          <Stack gap="md">
            <DedicatedList servers={rows} label={t('list.servers_label')} />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                {t('list.summary', { count: total })}
              </Text>
              <Pager page={page} pages={pages} onChange={setPage} label={t('list.page_label')} />
            </Group>
          </Stack>
        </QueryState>
      </Paper>
    </Stack>
  );
}
