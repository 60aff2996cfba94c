/**
 * POST /api/rpc/VerificationSubmit {}: submits the uploaded photo ID and selfie for review. The
 * account is then pending; the profile is reloaded so the route guard knows it too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { loadProfile } from '../../../shared/session/auth';
import { queryKeys } from '../../../shared/api/query-keys';

export interface SubmitVerificationAnswer {
  success: true;
  request: number;
  status: 'pending';
}

export async function submitVerification(): Promise<SubmitVerificationAnswer> {
  const answer = await api.rpc<SubmitVerificationAnswer>('VerificationSubmit', {});
  await loadProfile().catch(() => undefined);
  return answer;
}

export function useSubmitVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['verification', 'submit'],
    mutationFn: submitVerification,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.verification.mine() }),
  });
}
