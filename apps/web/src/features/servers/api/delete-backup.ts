/** POST /api/rpc/VmBackupDeleteVolid {p_provisioned_id, p_volid}: deletes one backup (refused while protected). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmBackupRef } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function deleteBackup(body: VmBackupRef): Promise<OperationStarted> {
  return operationRpc('VmBackupDeleteVolid', body);
}

export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBackup, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
