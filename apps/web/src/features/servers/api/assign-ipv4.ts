/**
 * POST /api/rpc/VmAssignIPv4 {p_provisioned_id}: an IPv4 address from the location's pool, for
 * good (it cannot be detached); billed monthly from today.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VmRef } from '@portside/contract/schemas/vms';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export function assignIpv4(body: VmRef): Promise<OperationStarted> {
  return operationRpc('VmAssignIPv4', body);
}

export function useAssignIpv4() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignIpv4,
    onSettled: (_a, _e, body) =>
      Promise.all([
        invalidateVmData(client, body.p_provisioned_id),
        client.invalidateQueries({ queryKey: queryKeys.billing.all }),
      ]),
  });
}
