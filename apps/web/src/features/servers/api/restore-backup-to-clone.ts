/** POST /api/rpc/VmBackupRestoreToClone {p_provisioned_id, p_volid, p_name?}: a new server from the backup, in the same project, billed like an order. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmBackupCloneInput } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function restoreBackupToClone(body: VmBackupCloneInput): Promise<OperationStarted> {
  return operationRpc('VmBackupRestoreToClone', body);
}

export function useRestoreBackupToClone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreBackupToClone,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
