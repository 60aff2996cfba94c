/** POST /api/rpc/VmBackupNow {p_provisioned_id}: a manual backup now (it counts among the 7 kept). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRef } from '@portside/contract/schemas/vms';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function backupNow(body: VmRef): Promise<OperationStarted> {
  return operationRpc('VmBackupNow', body);
}

export function useBackupNow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: backupNow, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
