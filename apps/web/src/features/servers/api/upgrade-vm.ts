/**
 * POST /api/rpc/VmUpgrade {p_provisioned_id, p_model_id}: a higher model (a downgrade is refused);
 * the difference to the month's end is invoiced by day (an invoice of kind 'change').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vmUpgradeSchema } from '@portside/contract/schemas/vm-lifecycle';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export type VmUpgradeInput = z.infer<typeof vmUpgradeSchema>;

export function upgradeVm(body: VmUpgradeInput): Promise<OperationStarted> {
  return operationRpc('VmUpgrade', body);
}

export function useUpgradeVm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: upgradeVm,
    onSettled: (_a, _e, body) =>
      Promise.all([
        invalidateVmData(client, body.p_provisioned_id),
        client.invalidateQueries({ queryKey: queryKeys.billing.all }),
      ]),
  });
}
