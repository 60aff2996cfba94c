/**
 * POST /api/rpc/VmReformat {p_provisioned_id, p_image, p_name_confirm, p_password,
 * p_password_confirm}: the server erased and installed anew from a system image, with the
 * project's SSH keys and the new root password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmReformatInput } from '@portside/contract/schemas/vm-lifecycle';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function rebuildVm(body: VmReformatInput): Promise<OperationStarted> {
  return operationRpc('VmReformat', body);
}

export function useRebuildVm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rebuildVm, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
