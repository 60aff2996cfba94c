/**
 * /statuses (role staff; issue 18): the status messages every page shows as a banner. Staff post
 * one (level and text) and end one after a confirmation; the list shows the current ones, the
 * ended ones or all, newest first, a page at a time.
 */
import { useEffect, useState } from 'react';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { StatusHistoryRow } from '@portside/contract/schemas/staff';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useEndStatus } from '../api/end-status';
import { useStatusHistory } from '../api/get-status-history';
import { usePostStatus } from '../api/post-status';
import { StaffGate } from '../components/staff-gate';
import { StatusForm } from '../components/status-form';
import { StatusesTable } from '../components/statuses-table';
import { pageCount, type StatusFilter } from '../lib/staff-queries';

export default function StatusesPage() {
  const { t } = useTranslation('staff');
  return (
    <StaffGate title={t('statuses.title')}>
      <Statuses />
    </StaffGate>
  );
}

function Statuses() {
  const { t } = useTranslation('staff');
  const [filter, setFilter] = useState<StatusFilter>('active');
  const [page, setPage] = useState(1);
  const statuses = useStatusHistory(filter, page);
  const rows = statuses.data?.rows ?? [];
  const pages = pageCount(statuses.data?.total ?? rows.length);
  const post = usePostStatus();
  const end = useEndStatus();
  // Kept while the dialog closes, so its text does not empty mid-fade.
  const [ending, setEnding] = useState<StatusHistoryRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (page > pages && statuses.data) setPage(pages);
  }, [page, pages, statuses.data]);

  const closeConfirm = () => {
    setConfirmOpen(false);
    end.reset();
  };

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('statuses.title')} subtitle={t('statuses.subtitle')} />
      <StatusForm
        posting={post.isPending}
        error={post.error}
        onPost={(level, message, done) =>
          post.mutate(
            { p_level: level, p_message: message },
            { onSuccess: () => (done(), setFilter('active'), setPage(1), notifySuccess(t('statuses.posted_ok'))) },
          )
        }
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={filter}
          onChange={(v) => (setFilter(v), setPage(1))}
          aria-label={t('statuses.filter')}
          data={(['active', 'ended', 'all'] as const).map((f) => ({ value: f, label: t(`statuses.filters.${f}`) }))}
        />
        {statuses.data && (
          <Text size="sm" role="status">
            {t('statuses.count', { count: statuses.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      <QueryState
        query={statuses}
        loadingLabel={t('statuses.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="check" title={t(`statuses.empty.${filter}`)} />}
      >
        <StatusesTable rows={rows} onEnd={(r) => (end.reset(), setEnding(r), setConfirmOpen(true))} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('statuses.pages')} />
        </Group>
      </QueryState>
      <ConfirmDialog
        opened={confirmOpen}
        title={t('statuses.end_title')}
        confirmLabel={t('statuses.end')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        loading={end.isPending}
        error={end.error ? <ErrorAlert error={end.error} /> : null}
        onConfirm={() =>
          ending && end.mutate(ending.id, { onSuccess: () => (closeConfirm(), notifySuccess(t('statuses.ended_ok'))) })
        }
        onClose={closeConfirm}
      >
        <Text size="sm">{t('statuses.end_body')}</Text>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {ending?.message}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
