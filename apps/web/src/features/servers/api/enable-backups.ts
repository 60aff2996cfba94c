/** POST /api/rpc/VmBackupEnable {p_provisioned_id}: daily backups on (+20 % of the price); the first runs tonight. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRef } from '@portside/contract/schemas/vms';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function enableBackups(body: VmRef): Promise<OperationStarted> {
  return operationRpc('VmBackupEnable', body);
}

export function useEnableBackups() {
  const client = useQueryClient();
  return useMutation({ mutationFn: enableBackups, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
