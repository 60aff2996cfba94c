/** POST /api/rpc/VmSnapshotCreate {p_provisioned_id, p_name, p_note?}: takes a snapshot (it appears in under a minute). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmSnapshotCreateInput } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function createSnapshot(body: VmSnapshotCreateInput): Promise<OperationStarted> {
  return operationRpc('VmSnapshotCreate', body);
}

export function useCreateSnapshot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSnapshot,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
