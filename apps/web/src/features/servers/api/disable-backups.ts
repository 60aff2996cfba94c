/** POST /api/rpc/VmBackupDisable {p_provisioned_id}: daily backups off; deletes every backup of the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRef } from '@portside/contract/schemas/vms';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function disableBackups(body: VmRef): Promise<OperationStarted> {
  return operationRpc('VmBackupDisable', body);
}

export function useDisableBackups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableBackups,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
