/** POST /api/rpc/VmSnapshotDelete {p_provisioned_id, p_name}: deletes one snapshot. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmSnapshotRef } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function deleteSnapshot(body: VmSnapshotRef): Promise<OperationStarted> {
  return operationRpc('VmSnapshotDelete', body);
}

export function useDeleteSnapshot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSnapshot,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
