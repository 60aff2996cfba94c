/**
 * GET /api/ServerStats for staff holding menu-see-server-stats (issue 18): one page of every
 * account's dedicated servers (the list's columns only), searchable by hostname, and one server's
 * whole row (`serial=eq.{serial}`) for its details.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStats } from '@portside/contract/schemas/dedicated';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { pageWindow, searchPattern } from '../lib/staff-queries';

/** The columns the table shows. */
export const SERVER_LIST_COLUMNS = [
  'serial',
  'hostname',
  'client',
  'client_name',
  'location_name',
  'model',
  'power_state',
  'power_state_at',
  'bmc_reachable',
  'health',
] as const;
export type ServerListRow = Pick<ServerStats, (typeof SERVER_LIST_COLUMNS)[number]>;

/** One page of the servers whose hostname matches the search, by hostname. */
export function serverStatsQuery(search: string, page: number): Record<string, string> {
  const pattern = searchPattern(search);
  return {
    select: SERVER_LIST_COLUMNS.join(','),
    order: 'hostname.asc,serial.asc',
    ...pageWindow(page),
    ...(pattern ? { hostname: `ilike.${pattern}` } : {}),
  };
}

export function serverStatsQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.staff.serverStats(search, page),
    queryFn: ({ signal }) =>
      api.get<Counted<ServerListRow>>('ServerStats', serverStatsQuery(search, page), { signal, count: true }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useServerStats(search: string, page: number) {
  return useQuery(serverStatsQueryOptions(search, page));
}

/** One server's whole row (null when no server has that serial); `serial` null reads nothing. */
export function useServerDetails(serial: string | null) {
  return useQuery({
    queryKey: queryKeys.staff.serverStats(`serial:${serial ?? ''}`, 0),
    queryFn: async ({ signal }) =>
      (await api.get<ServerStats[]>('ServerStats', { serial: `eq.${serial!}` }, { signal }))[0] ?? null,
    enabled: serial !== null,
    staleTime: 0,
  });
}
