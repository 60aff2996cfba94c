/** GET /api/MyVMs2?provisioned_id=eq.<id>: one cloud server of the account, or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { VmRow } from '@portside/contract/schemas/vms';
import { liveRefetchInterval } from '../lib/live-refresh';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getVm(id: number, signal?: AbortSignal): Promise<VmRow | null> {
  const rows = await api.get<VmRow[]>('MyVMs2', { provisioned_id: `eq.${id}` }, { signal });
  return rows[0] ?? null;
}

export function vmQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.vms.one(id),
    queryFn: ({ signal }) => getVm(id, signal),
    refetchInterval: (q) => liveRefetchInterval(q.state.data ? [q.state.data] : []),
  });
}

/** One VM; nothing is asked for an id that cannot exist or without the claim. */
export function useVm(id: number, enabled = true) {
  return useQuery({ ...vmQueryOptions(id), enabled: enabled && id > 0 });
}
