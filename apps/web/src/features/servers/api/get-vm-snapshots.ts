/** GET /api/VmSnapshots?provisioned_id=eq.{id}&order=created_at.asc: one server's snapshots, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmSnapshotRow } from '@portside/contract/schemas/vm-data';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { BUSY_REFETCH_MS } from '../lib/live-refresh';

export function getVmSnapshots(id: number, signal?: AbortSignal): Promise<VmSnapshotRow[]> {
  return api.get<VmSnapshotRow[]>('VmSnapshots', { provisioned_id: `eq.${id}`, order: 'created_at.asc' }, { signal });
}

export function vmSnapshotsQueryOptions(id: number, busy: boolean) {
  return queryOptions({
    queryKey: queryKeys.vmSnapshots(id),
    queryFn: ({ signal }) => getVmSnapshots(id, signal),
    refetchInterval: busy ? BUSY_REFETCH_MS : false,
  });
}

export function useVmSnapshots(id: number, busy: boolean, enabled = true) {
  return useQuery({ ...vmSnapshotsQueryOptions(id, busy), enabled });
}
