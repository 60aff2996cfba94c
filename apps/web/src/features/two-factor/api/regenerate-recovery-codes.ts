/** POST /api/rpc/TwoFactorRecoveryRegenerate {p_password, p_code} → {recovery_codes}: the old codes stop working. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesAnswer, TwoFactorProofInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';

/** Creates ten new recovery codes. */
export function regenerateRecoveryCodes(body: TwoFactorProofInput): Promise<RecoveryCodesAnswer> {
  return api.rpc<RecoveryCodesAnswer>('TwoFactorRecoveryRegenerate', body);
}

/** Mutation hook of {@link regenerateRecoveryCodes}. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'TwoFactorRecoveryRegenerate'],
    mutationFn: regenerateRecoveryCodes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
