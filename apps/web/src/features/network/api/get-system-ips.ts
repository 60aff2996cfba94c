/**
 * GET /api/MySystemIPs: the addresses the provider assigned to the account's servers, with their
 * reverse DNS. While a name is being pushed to the DNS (ptr_state 'pending') the list is asked
 * again every few seconds, so the state moves on to 'ok' or 'failed' by itself.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemIpRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** How often a list with a pending reverse DNS name is asked again. */
export const PTR_POLL_MS = 2_000;

export function getSystemIps(signal?: AbortSignal): Promise<SystemIpRow[]> {
  return api.get<SystemIpRow[]>('MySystemIPs', { order: 'server_name.asc,family.asc,address.asc' }, { signal });
}

export function systemIpsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.myIps.system(),
    queryFn: ({ signal }) => getSystemIps(signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.ptr_state === 'pending') ? PTR_POLL_MS : false),
  });
}

export function useSystemIps() {
  return useQuery(systemIpsQueryOptions());
}
