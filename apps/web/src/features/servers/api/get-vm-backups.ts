/** GET /api/VmBackupFiles?provisioned_id=eq.{id}&order=created_at.desc: one server's backups, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmBackupFileRow } from '@portside/contract/schemas/vm-data';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { BUSY_REFETCH_MS } from '../lib/live-refresh';

export function getVmBackups(id: number, signal?: AbortSignal): Promise<VmBackupFileRow[]> {
  return api.get<VmBackupFileRow[]>('VmBackupFiles', { provisioned_id: `eq.${id}`, order: 'created_at.desc' }, { signal });
}

export function vmBackupsQueryOptions(id: number, busy: boolean) {
  return queryOptions({
    queryKey: queryKeys.vmBackups(id),
    queryFn: ({ signal }) => getVmBackups(id, signal),
    // While an operation runs on the server the list is read again, should no live message come.
    refetchInterval: busy ? BUSY_REFETCH_MS : false,
  });
}

/** The backups; `enabled` false asks nothing (no claim to see servers). */
export function useVmBackups(id: number, busy: boolean, enabled = true) {
  return useQuery({ ...vmBackupsQueryOptions(id, busy), enabled });
}
