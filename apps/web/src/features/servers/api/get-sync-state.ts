/**
 * GET /api/MyProfile?select=prox_sync_success: whether the clusters holding the account's servers
 * answered the heartbeat within the last minute (spec 2 §9 'Server healthy when prox_sync_success
 * is true'). Read again every minute while a servers page is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getSyncState(signal?: AbortSignal): Promise<boolean> {
  return api
    .get<Array<{ prox_sync_success: boolean }>>('MyProfile', { select: 'prox_sync_success' }, { signal })
    .then((rows) => rows[0]?.prox_sync_success !== false);
}

export function syncStateQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.vms.syncState(),
    queryFn: ({ signal }) => getSyncState(signal),
    refetchInterval: 60_000,
  });
}

export function useSyncState() {
  return useQuery(syncStateQueryOptions());
}
