/** POST /api/rpc/TwoFactorRecoveryRegenerate {p_password, p_code | p_passkey} → {recovery_codes}: the old codes stop working. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesAnswer } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';
import { proofInput, type ProofChoice } from './passkey-proof';

/** Creates ten new recovery codes. */
export async function regenerateRecoveryCodes(choice: ProofChoice): Promise<RecoveryCodesAnswer> {
  return api.rpc<RecoveryCodesAnswer>('TwoFactorRecoveryRegenerate', await proofInput(choice));
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
