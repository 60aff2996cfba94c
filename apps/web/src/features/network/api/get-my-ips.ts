/**
 * GET /api/MyIPs: the account's own addresses (added by hand, or seen at a sign-in), newest first.
 * Kept in the session state `myIps` as well (spec 1 §3): the list a tab has read once is there at
 * once when the user comes back (IP management, the IP set page's quick add), and fetched again.
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
    // The tab's last copy shows at once and counts as old, so it is asked for again.
    initialData: () => getSession('myIps') ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** Asked only with menu-see-ip-management (a 403 would end the session). */
export function useMyIps(enabled = true) {
  return useQuery({ ...myIpsQueryOptions(), enabled });
}
