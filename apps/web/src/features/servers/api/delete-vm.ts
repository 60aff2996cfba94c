/** POST /api/rpc/VmDelete {p_provisioned_id} (claim vm-settings-delete): the server must be off and unlocked. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function deleteVm(id: number): Promise<OperationStarted> {
  return operationRpc('VmDelete', { p_provisioned_id: id });
}

export function useDeleteVm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteVm, onSettled: () => invalidateVms(client) });
}
