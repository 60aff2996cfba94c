/**
 * /server-stats (claim menu-see-server-stats; issue 18): every account's dedicated servers with
 * their power state, health and BMC reachability, searchable by hostname and a page at a time;
 * Details (or a link with `?serial=`, e.g. from /problems) opens one server's details.
 */
import { useEffect, useState } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { TIMING } from '@portside/contract/constants';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ClaimGate } from '../../../shared/ui/claim-gate';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useServerStats } from '../api/get-server-stats';
import { ServerDetailsDialog } from '../components/server-details-dialog';
import { ServerStatsTable } from '../components/server-stats-table';
import { pageCount, searchPattern } from '../lib/staff-queries';

export default function ServerStatsPage() {
  // ServerStats itself is the dedicated servers' read: the claim widens it to every account.
  return (
    <ClaimGate claim="menu-see-dedicated-servers">
      <ServerStatsList />
    </ClaimGate>
  );
}

function ServerStatsList() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const serial = params.get('serial');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const servers = useServerStats(debounced, page);
  const rows = servers.data?.rows ?? [];
  const pages = pageCount(servers.data?.total ?? rows.length);

  useEffect(() => {
    if (page > pages && servers.data) setPage(pages);
  }, [page, pages, servers.data]);

  const openDetails = (s: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (s) next.set('serial', s);
        else next.delete('serial');
        return next;
      },
      { replace: s === null },
    );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('server_stats.title')} subtitle={t('server_stats.subtitle')} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('server_stats.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
          leftSection={<Icon name="search" size={16} />}
        />
        {servers.data && (
          <Text size="sm" role="status">
            {t('server_stats.count', { count: servers.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      <QueryState
        query={servers}
        loadingLabel={t('server_stats.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState icon="server" title={searchPattern(debounced) ? t('server_stats.empty_search') : t('server_stats.empty')} />
        }
      >
        <ServerStatsTable rows={rows} onDetails={openDetails} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('server_stats.pages')} />
        </Group>
      </QueryState>
      <ServerDetailsDialog serial={serial} onClose={() => openDetails(null)} />
    </Stack>
  );
}
