/**
 * POST /api/rpc/VmBootOrder {p_provisioned_id, p_boot_order, p_reboot?}: the devices' boot order
 * (c, d and n once each); `p_reboot` reboots the running server now, otherwise the order applies at
 * its next boot.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmBootOrderInput } from '@portside/contract/schemas/vm-lifecycle';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function setBootOrder(body: VmBootOrderInput): Promise<OperationStarted> {
  return operationRpc('VmBootOrder', body);
}

export function useSetBootOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setBootOrder, onSettled: (_a, _e, body) => invalidateVmData(client, body.p_provisioned_id) });
}
