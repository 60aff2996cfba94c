/**
 * /unban-ip (role staff; issue 18): the addresses the portal's own rate limiter refuses now (the
 * same counters the login limiter reads), with why, how often and until when; Unban clears all of
 * an address's counters after a confirmation, so its next login is accepted at once.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import type { BannedAddressRow } from '@portside/contract/schemas/staff';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useBannedIps } from '../api/get-banned-ips';
import { useUnbanIp } from '../api/unban-ip';
import { BannedTable } from '../components/banned-table';
import { StaffGate } from '../components/staff-gate';
import { pageCount, searchPattern } from '../lib/staff-queries';

export default function UnbanIpPage() {
  const { t } = useTranslation('staff');
  return (
    <StaffGate title={t('unban.title')}>
      <UnbanIp />
    </StaffGate>
  );
}

function UnbanIp() {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const banned = useBannedIps(debounced, page);
  const rows = banned.data?.rows ?? [];
  const pages = pageCount(banned.data?.total ?? rows.length);
  const unban = useUnbanIp();
  const [target, setTarget] = useState<BannedAddressRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (page > pages && banned.data) setPage(pages);
  }, [page, pages, banned.data]);

  const closeConfirm = () => {
    setConfirmOpen(false);
    unban.reset();
  };

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('unban.title')}
        subtitle={t('unban.subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<Icon name="refresh" size={16} />}
            loading={banned.isFetching}
            onClick={() => void banned.refetch()}
          >
            {t('refresh')}
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('unban.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
          leftSection={<Icon name="search" size={16} />}
        />
        {banned.data && (
          <Text size="sm" role="status">
            {t('unban.count', { count: banned.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      <QueryState
        query={banned}
        loadingLabel={t('unban.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="check"
            title={searchPattern(debounced) ? t('unban.empty_search') : t('unban.empty')}
            body={t('unban.empty_body')}
          />
        }
      >
        <BannedTable rows={rows} onUnban={(r) => (unban.reset(), setTarget(r), setConfirmOpen(true))} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('unban.pages')} />
        </Group>
      </QueryState>
      <ConfirmDialog
        opened={confirmOpen}
        title={t('unban.confirm_title', { ip: target?.ip ?? '' })}
        confirmLabel={t('unban.unban')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        danger={false}
        loading={unban.isPending}
        error={unban.error ? <ErrorAlert error={unban.error} /> : null}
        onConfirm={() =>
          target &&
          unban.mutate(target.ip, {
            onSuccess: () => (closeConfirm(), notifySuccess(t('unban.done', { ip: target.ip }))),
          })
        }
        onClose={closeConfirm}
      >
        <Text size="sm">{t('unban.confirm_body')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
