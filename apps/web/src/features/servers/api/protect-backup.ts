/** POST /api/rpc/VmBackupProtectToggle {p_provisioned_id, p_volid}: protects a backup or removes its protection. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmBackupRef } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function toggleBackupProtection(body: VmBackupRef): Promise<OperationStarted> {
  return operationRpc('VmBackupProtectToggle', body);
}

export function useToggleBackupProtection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleBackupProtection,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
