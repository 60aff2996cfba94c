/** POST /api/rpc/TwoFactorDisable {p_password, p_code | p_passkey} → {success}: turns the app off (not while the account requires 2FA and no passkey remains). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';
import { proofInput, type ProofChoice } from './passkey-proof';

/** Turns two-factor sign-in off. */
export async function disableTwoFactor(choice: ProofChoice): Promise<{ success: true }> {
  return api.rpc<{ success: true }>('TwoFactorDisable', await proofInput(choice));
}

/** Mutation hook of {@link disableTwoFactor}. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'TwoFactorDisable'],
    mutationFn: disableTwoFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
