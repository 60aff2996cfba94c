/**
 * GET /api/ClientIpsetsVms?provisioned_id=eq.{id} (menu-see-ipsets): the IP sets attached to one
 * server, the ones a firewall rule of it may name as its source.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpsetVmRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServerIpsets(id: number, signal?: AbortSignal): Promise<IpsetVmRow[]> {
  return api.get<IpsetVmRow[]>('ClientIpsetsVms', { provisioned_id: `eq.${id}`, order: 'ipset_name.asc' }, { signal });
}

export function serverIpsetsQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.ipsets.ofServer(id),
    queryFn: ({ signal }) => getServerIpsets(id, signal),
    // Sets are attached on the IP sets pages: read again whenever the rule form opens.
    staleTime: 0,
  });
}

/** The server's IP sets; `enabled` false (no menu-see-ipsets) asks nothing. */
export function useServerIpsets(id: number, enabled = true) {
  return useQuery({ ...serverIpsetsQueryOptions(id), enabled });
}
