/** POST /api/rpc/VmSnapshotRollback {p_provisioned_id, p_name}: rolls the server back to the snapshot and deletes every later one (the server must be unlocked). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmSnapshotRef } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function rollbackSnapshot(body: VmSnapshotRef): Promise<OperationStarted> {
  return operationRpc('VmSnapshotRollback', body);
}

export function useRollbackSnapshot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollbackSnapshot,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
