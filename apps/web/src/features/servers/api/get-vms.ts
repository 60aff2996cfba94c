/**
 * GET /api/MyVMs2: every cloud server of the account (menu-see-cloud-servers), by project and
 * name. The list is searched, grouped and paged in the browser: the spec's search matches
 * substrings of five fields at once, which one read cannot ask for.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { VmRow } from '@portside/contract/schemas/vms';
import { liveRefetchInterval } from '../lib/live-refresh';
import { queryKeys } from '../../../shared/api/query-keys';

export function getVms(signal?: AbortSignal): Promise<VmRow[]> {
  return api.get<VmRow[]>('MyVMs2', { order: 'project_name.asc,name.asc' }, { signal });
}

export function vmsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.vms.list(),
    queryFn: ({ signal }) => getVms(signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => liveRefetchInterval(q.state.data),
  });
}

/** The account's VMs; `enabled` false (no claim) asks nothing, since a 403 would end the session. */
export function useVms(enabled = true) {
  return useQuery({ ...vmsQueryOptions(), enabled });
}
