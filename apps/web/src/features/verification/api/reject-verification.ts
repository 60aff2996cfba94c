/** POST /api/rpc/VerificationReject {p_request, p_reason} (staff): the customer sees the reason. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationRejectInput } from '@portside/contract/schemas/verification';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function rejectVerification(body: VerificationRejectInput) {
  return api.rpc<{ success: true; request: number; status: 'rejected' }>('VerificationReject', body);
}

export function useRejectVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['verification', 'reject'],
    mutationFn: rejectVerification,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.verification.queue() }),
  });
}
