/**
 * GET /api/MyIPs (menu-see-ip-management): the account's own addresses with their comments (added
 * on /myips, or seen at a sign-in), offered as a quick pick for a firewall rule's source.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyIpRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMyIps(signal?: AbortSignal): Promise<MyIpRow[]> {
  return api.get<MyIpRow[]>('MyIPs', { order: 'created_at.desc' }, { signal });
}

export function myIpsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.myIps(), queryFn: ({ signal }) => getMyIps(signal) });
}

/** The account's addresses; `enabled` false (no menu-see-ip-management) asks nothing. */
export function useMyIps(enabled = true) {
  return useQuery({ ...myIpsQueryOptions(), enabled });
}
