/**
 * POST /api/rpc/VmClone {p_provisioned_id, p_model_id, p_name, p_project, p_payment_method,
 * p_idempotency_key}: a new server copied from this one, with the same model or a higher one,
 * ordered and paid like any server; the answer is CreateOrder's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderAnswer } from '@portside/contract/schemas/orders';
import type { VmCloneInput } from '@portside/contract/schemas/vm-lifecycle';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVms } from '../lib/invalidate';

export function cloneVm(body: VmCloneInput): Promise<CreateOrderAnswer> {
  return api.rpc<CreateOrderAnswer>('VmClone', body);
}

export function useCloneVm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cloneVm,
    onSettled: () => Promise.all([invalidateVms(client), client.invalidateQueries({ queryKey: queryKeys.billing.all })]),
  });
}
