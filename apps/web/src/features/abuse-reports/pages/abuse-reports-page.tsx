/**
 * /abuse-reports (staff): the notices of abuse and illegal content sent through the public form,
 * the open ones first (the default filter), each with a Decide action. Other users see that the
 * area is for staff, without any call (a refused call would end their session).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { Icon } from '../../../shared/ui/icons';
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import type { AbuseReportRow } from '@portside/contract/schemas/support';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAbuseReports } from '../api/get-abuse-reports';
import { useResolveAbuseReport } from '../api/resolve-abuse-report';
import { AbuseReportCard } from '../components/abuse-report-card';
import { DecideDialog } from '../components/decide-dialog';
import { ABUSE_PAGE_SIZE, type AbuseDecision, type AbuseFilter } from '../lib/queue-rules';

export default function AbuseReportsPage() {
  const { t } = useTranslation(['abuse', 'errors']);
  const profile = useSession('customerDetails');
  const isStaff = profile?.pg_roles.includes('staff') ?? false;
  const [filter, setFilter] = useState<AbuseFilter>('open');
  const [page, setPage] = useState(1);
  const reports = useAbuseReports(filter, page, isStaff);
  const rows = reports.data?.rows ?? [];
  const total = reports.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / ABUSE_PAGE_SIZE));
  const resolve = useResolveAbuseReport();
  // The report of the dialog stays set while it closes, so its title does not empty mid-fade.
  const [deciding, setDeciding] = useState<AbuseReportRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // Deciding the last open report of the last page leaves that page empty: step back.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  if (!isStaff) {
    return (
      <NoAccessPanel title={t('title')} heading={t('staff_only.title')} body={t('staff_only.body')} back={t('staff_only.back')} />
    );
  }

  const closeDialog = () => {
    setDialogOpen(false);
    resolve.reset();
  };
  const decide = (r: AbuseReportRow, status: AbuseDecision, note: string | undefined) =>
    resolve.mutate(
      { p_report: r.report, p_status: status, ...(note ? { p_note: note } : {}) },
      { onSuccess: () => (closeDialog(), notifySuccess(t(`decided.${status}`, { reference: r.reference }))) },
    );

  const changeFilter = (value: string) => {
    setFilter(value === 'all' ? 'all' : 'open');
    setPage(1);
  };

  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<Icon name="refresh" size={16} />}
            loading={reports.isFetching}
            onClick={() => void reports.refetch()}
          >
            {t('refresh')}
          </Button>
        }
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={filter}
          onChange={changeFilter}
          aria-label={t('filter.label')}
          data={[
            { value: 'open', label: t('filter.open') },
            { value: 'all', label: t('filter.all') },
          ]}
        />
        {reports.data && (
          <Text size="sm" role="status">
            {t(filter === 'open' ? 'count_open' : 'count_all', { count: total })}
          </Text>
        )}
      </Group>
      <QueryState
        query={reports}
        loadingLabel={t('loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder radius="md" p="md">
            <EmptyState
              icon="check"
              title={t(filter === 'open' ? 'empty.open_title' : 'empty.all_title')}
              body={t(filter === 'open' ? 'empty.open_body' : 'empty.all_body')}
            />
          </Paper>
        }
      >
        {rows.map((r) => (
          <AbuseReportCard key={r.report} report={r} onDecide={() => (setDeciding(r), setDialogOpen(true))} />
        ))}
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('page_label')} />
        </Group>
      </QueryState>
      <DecideDialog
        opened={dialogOpen}
        report={deciding?.report ?? 0}
        reference={deciding?.reference ?? ''}
        loading={resolve.isPending}
        error={resolve.error}
        onDecide={(status, note) => deciding && decide(deciding, status, note)}
        onClose={closeDialog}
      />
    </Stack>
  );
}
