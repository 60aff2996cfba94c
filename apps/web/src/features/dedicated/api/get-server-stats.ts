/**
 * GET /api/ServerStats?serial=eq.{serial}: the details page's data. An empty answer means the
 * serial is not one of the account's servers (the page says so). Refetched every 2 s while a power
 * function is in flight or the state is changing, as a fallback for the live messages.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { busyRefetchInterval } from '../lib/power';

export async function getServerStats(serial: string, signal?: AbortSignal): Promise<ServerStats | null> {
  const rows = await api.get<ServerStats[]>('ServerStats', { serial: `eq.${serial}` }, { signal });
  return rows[0] ?? null;
}

export function serverStatsQueryOptions(serial: string) {
  return queryOptions({
    queryKey: queryKeys.dedicated.stats(serial),
    queryFn: ({ signal }) => getServerStats(serial, signal),
    refetchInterval: (q) => busyRefetchInterval(q.state.data ? [q.state.data] : null),
  });
}

export function useServerStats(serial: string, enabled = true) {
  return useQuery({ ...serverStatsQueryOptions(serial), enabled });
}
