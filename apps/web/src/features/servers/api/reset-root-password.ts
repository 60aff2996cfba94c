/**
 * POST /api/rpc/VmResetRootPassword {p_provisioned_id, p_password, p_password_confirm}: a new
 * password for root (Administrator on Windows), set by the guest agent of the running server.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRootPasswordInput } from '@portside/contract/schemas/vm-lifecycle';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function resetRootPassword(body: VmRootPasswordInput): Promise<OperationStarted> {
  return operationRpc('VmResetRootPassword', body);
}

export function useResetRootPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetRootPassword,
    onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id),
  });
}
