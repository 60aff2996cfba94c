/**
 * GET /api/ClientIpsetsVms: which IP set is attached to which server, for the whole account (the
 * list page names each set's servers) or one set (its page).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpsetVmRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getIpsetServers(ipset: number | null, signal?: AbortSignal): Promise<IpsetVmRow[]> {
  const query: Record<string, string> = { order: 'server_name.asc' };
  if (ipset !== null) query.ipset = `eq.${ipset}`;
  return api.get<IpsetVmRow[]>('ClientIpsetsVms', query, { signal });
}

export function ipsetServersQueryOptions(ipset: number | null) {
  return queryOptions({
    queryKey: queryKeys.ipsets.servers(ipset),
    queryFn: ({ signal }) => getIpsetServers(ipset, signal),
  });
}

export function useIpsetServers(ipset: number | null, enabled = true) {
  return useQuery({ ...ipsetServersQueryOptions(ipset), enabled });
}
