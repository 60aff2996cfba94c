/**
 * /custom-domains (spec 1 §2, claim menu-see-custom-domains): the account's own domain names, each
 * pointing at one of its servers and proven theirs by a TXT record the portal looks for (now, on
 * 'Check now', and by itself every few minutes). Add, change the server, delete; 10 a page.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { DomainRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDeleteDomain } from '../api/delete-domain';
import { useDomains } from '../api/get-domains';
import { AddDomainDialog } from '../components/add-domain-dialog';
import { DomainCard } from '../components/domain-card';
import { DomainServerDialog } from '../components/domain-server-dialog';
import { pageOf } from '../lib/list-filter';

/** Domains per page. */
const PAGE_SIZE = 10;

export default function CustomDomainsPage() {
  const { t } = useTranslation(['network', 'common']);
  const domains = useDomains();
  const canChoose = useClaim('menu-see-cloud-servers');
  const del = useDeleteDomain();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<DomainRow | null>(null);
  const [toDelete, setToDelete] = useState<DomainRow | null>(null);
  const rows = useMemo(() => domains.data ?? [], [domains.data]);
  const shown = pageOf(rows, page, PAGE_SIZE);

  const closeDelete = () => {
    del.reset();
    setToDelete(null);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        notifySuccess(t('network:domains.deleted', { domain: toDelete.domain }));
        closeDelete();
      },
    });
  };
  const addButton = canChoose ? (
    <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
      {t('network:domains.add')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('network:domains.title')} subtitle={t('network:domains.subtitle')} actions={addButton} />
      {!canChoose && (
        <Alert color="gray" variant="light">
          {t('network:domains.no_server_access')}
        </Alert>
      )}
      <QueryState
        query={domains}
        loadingLabel={t('network:domains.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="globe"
            title={t('network:domains.empty.title')}
            body={t('network:domains.empty.body')}
            action={addButton}
          />
        }
      >
        <Stack gap="md">
          {shown.rows.map((d) => (
            <DomainCard key={d.id} domain={d} onChangeServer={canChoose ? setChanging : undefined} onDelete={setToDelete} />
          ))}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('network:domains.summary', { count: rows.length })}
            </Text>
            <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('network:domains.page_label')} />
          </Group>
        </Stack>
      </QueryState>
      {canChoose && <AddDomainDialog opened={adding} onClose={() => setAdding(false)} />}
      {canChoose && <DomainServerDialog domain={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('network:domains.delete_title', { domain: toDelete?.domain ?? '' })}
        confirmLabel={t('network:domains.delete_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={del.isPending}
        error={del.error ? <ErrorAlert error={del.error} /> : null}
      >
        <Text size="sm">{t('network:domains.delete_body')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
