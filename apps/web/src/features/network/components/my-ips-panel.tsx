/**
 * My IPs (spec 1 §4 'My IP': address and comment): the account's own addresses, used to fill IP
 * sets and firewall rules quickly. Addresses users signed in from are recorded by themselves; more
 * are added here. The address this browser signed in from is marked, or offered when missing.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MyIpRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useDeleteMyIp } from '../api/delete-my-ip';
import { useMyIps } from '../api/get-my-ips';
import { useSessionAddress } from '../api/get-session-address';
import { canonicalEntry } from '../lib/ip-list-check';
import { pageOf } from '../lib/list-filter';
import { AddMyIpForm } from './add-my-ip-form';
import { MyIpsTable } from './my-ips-table';

/** Addresses per page. */
const PAGE_SIZE = 25;

export function MyIpsPanel() {
  const { t } = useTranslation(['network', 'common']);
  const mine = useMyIps();
  const session = useSessionAddress();
  const del = useDeleteMyIp();
  const [toDelete, setToDelete] = useState<MyIpRow | null>(null);
  const [suggest, setSuggest] = useState<{ address: string } | null>(null);
  const [page, setPage] = useState(1);
  const rows = useMemo(() => mine.data ?? [], [mine.data]);
  const here = session.data ? canonicalEntry(session.data) : null;
  const hereListed = here !== null && rows.some((r) => canonicalEntry(r.address) === here);
  const shown = pageOf(rows, page, PAGE_SIZE);

  const closeDelete = () => {
    del.reset();
    setToDelete(null);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        notifySuccess(t('network:my_ips.deleted', { address: toDelete.address }));
        closeDelete();
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="my-ips-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="my-ips-title">
            {t('network:my_ips.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('network:my_ips.explain')}
          </Text>
        </div>
        {here !== null && !hereListed && mine.isSuccess && (
          <Alert color="blue" variant="light">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{t('network:my_ips.here_missing', { address: session.data ?? '' })}</Text>
              <Button size="xs" variant="light" onClick={() => setSuggest({ address: session.data ?? '' })}>
                {t('network:my_ips.use_here')}
              </Button>
            </Group>
          </Alert>
        )}
        <AddMyIpForm suggest={suggest} />
        <QueryState
          query={mine}
          loadingLabel={t('network:my_ips.loading')}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon="user" title={t('network:my_ips.empty.title')} body={t('network:my_ips.empty.body')} />}
        >
          <MyIpsTable rows={shown.rows} here={here} onDelete={setToDelete} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('network:my_ips.summary', { count: rows.length })}
            </Text>
            <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('network:my_ips.page_label')} />
          </Group>
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('network:my_ips.delete_title', { address: toDelete?.address ?? '' })}
        confirmLabel={t('network:my_ips.delete_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={del.isPending}
        error={del.error ? <ErrorAlert error={del.error} /> : null}
      >
        <Text size="sm">
          {toDelete?.source === 'login' ? t('network:my_ips.delete_body_login') : t('network:my_ips.delete_body')}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
