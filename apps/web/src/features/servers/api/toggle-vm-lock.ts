/** POST /api/rpc/VmLockToggle {p_provisioned_id}: locks an unlocked server and unlocks a locked one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function toggleVmLock(id: number): Promise<OperationStarted> {
  return operationRpc('VmLockToggle', { p_provisioned_id: id });
}

export function useToggleVmLock() {
  const client = useQueryClient();
  return useMutation({ mutationFn: toggleVmLock, onSettled: () => invalidateVms(client) });
}
