/** POST /api/rpc/VmRename {p_provisioned_id, p_name}; the name follows the DNS-name rule. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRenameInput } from '@portside/contract/schemas/vms';
import { invalidateVms } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function renameVm(body: VmRenameInput): Promise<OperationStarted> {
  return operationRpc('VmRename', body);
}

export function useRenameVm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renameVm, onSettled: () => invalidateVms(client) });
}
