/** POST /api/rpc/VerificationApprove {p_request} (staff): the account is verified. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationApproveInput } from '@portside/contract/schemas/verification';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function approveVerification(body: VerificationApproveInput) {
  return api.rpc<{ success: true; request: number; status: 'approved' }>('VerificationApprove', body);
}

export function useApproveVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['verification', 'approve'],
    mutationFn: approveVerification,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.verification.queue() }),
  });
}
