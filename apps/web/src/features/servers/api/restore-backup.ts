/** POST /api/rpc/VmBackupRestore {p_provisioned_id, p_volid}: overwrites the server with the backup (the server must be unlocked). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmBackupRef } from '@portside/contract/schemas/vm-data';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function restoreBackup(body: VmBackupRef): Promise<OperationStarted> {
  return operationRpc('VmBackupRestore', body);
}

export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreBackup, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
