/**
 * POST /api/rpc/VmResize {p_provisioned_id, p_disk_gb}: the disk's new total size (it only grows,
 * up to 1000 GB); scheduled, the extra GB invoiced by day to the month's end.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vmResizeSchema } from '@portside/contract/schemas/vm-lifecycle';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVmData } from '../lib/invalidate';
import { operationRpc, type OperationStarted } from '../lib/operation-call';

export type VmResizeInput = z.infer<typeof vmResizeSchema> & { p_provisioned_id: number };

export function resizeVm(body: VmResizeInput): Promise<OperationStarted> {
  return operationRpc('VmResize', body);
}

export function useResizeVm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resizeVm,
    onSettled: (_a, _e, body) =>
      Promise.all([
        invalidateVmData(client, body.p_provisioned_id),
        client.invalidateQueries({ queryKey: queryKeys.billing.all }),
      ]),
  });
}
