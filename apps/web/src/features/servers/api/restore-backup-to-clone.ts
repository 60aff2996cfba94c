/**
 * POST /api/rpc/VmBackupRestoreToClone {p_provisioned_id, p_volid, p_name?, p_payment_method,
 * p_idempotency_key}: a new server from the backup, in the same project and location, ordered and
 * paid like any server; the answer is CreateOrder's (the order and how its payment goes on).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderAnswer } from '@portside/contract/schemas/orders';
import type { VmBackupCloneInput } from '@portside/contract/schemas/vm-data';
import { api } from '../../../shared/api/client';
import { invalidateVms } from '../lib/invalidate';

export function restoreBackupToClone(body: VmBackupCloneInput): Promise<CreateOrderAnswer> {
  return api.rpc<CreateOrderAnswer>('VmBackupRestoreToClone', body);
}

export function useRestoreBackupToClone() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreBackupToClone, onSettled: () => invalidateVms(client) });
}
