/**
 * GET /api/MyIPs (menu-see-ip-management): the account's own addresses with their comments (added
 * on /myips, or seen at a sign-in), offered as a quick pick for a firewall rule's source. The same
 * read as IP management's (same key and order), kept in the session state `myIps` as well (spec 1
 * §3), so a list read there shows here at once and is asked for again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyIpRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { getSession, setSession } from '../../../shared/session/store';

export async function getMyIps(signal?: AbortSignal): Promise<MyIpRow[]> {
  const rows = await api.get<MyIpRow[]>('MyIPs', { order: 'created_at.desc,id.desc' }, { signal });
  setSession('myIps', rows);
  return rows;
}

export function myIpsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.myIps.mine(),
    queryFn: ({ signal }) => getMyIps(signal),
    initialData: () => getSession('myIps') ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** The account's addresses; `enabled` false (no menu-see-ip-management) asks nothing. */
export function useMyIps(enabled = true) {
  return useQuery({ ...myIpsQueryOptions(), enabled });
}
