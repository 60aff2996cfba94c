/**
 * /my-logs (spec 1 §2 'My Logs'): the account's audit log, 25 entries a page with an exact count,
 * filtered by action, result and date range; times in the account's timezone. The Logs menu shows
 * with menu-see-users, reading needs logs-see: without it the page explains instead of asking the
 * API (a 403 answer would end the session).
 */
import { NoAccessPanel } from '../../../shared/ui/no-access-panel';
import { useState } from 'react';
import { Code, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { LOGS_PAGE_SIZE } from '@portside/contract/schemas/logs';
import { useSession } from '../../../shared/session/store';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { Pager } from '../../../shared/ui/pager';
import { useMyLogs } from '../api/get-my-logs';
import { LogsFilters } from '../components/logs-filters';
import { LogsTable } from '../components/logs-table';
import { hasFilters, NO_FILTERS, type LogFilters } from '../lib/logs-query';

export default function MyLogsPage() {
  const { t } = useTranslation('logs');
  const profile = useSession('customerDetails');
  const allowed = !!profile && hasClaim(profile, 'logs-see');
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filters, TIMING.searchDebounceMs);
  const logs = useMyLogs(debounced, page, profile?.timezone, allowed);

  if (!allowed) {
    return (
      <NoAccessPanel title={t('title')} heading={t('no_access.title')} body={t('no_access.body')} back={t('no_access.back')} />
    );
  }

  const rows = logs.data?.rows ?? [];
  const total = logs.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  const change = (next: LogFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={
          <>
            {t('subtitle')} <Code>{profile?.timezone ?? 'UTC'}</Code>
          </>
        }
      />
      <LogsFilters value={filters} onChange={change} />
      <QueryState
        query={logs}
        loadingLabel={t('loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="logs" title={hasFilters(debounced) ? t('empty_filtered') : t('empty')} />}
      >
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('count', { count: total })}
        </Text>
        <LogsTable rows={rows} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} />
        </Group>
      </QueryState>
    </Stack>
  );
}
