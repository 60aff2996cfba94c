/** POST /api/rpc/TwoFactorDisable {p_password, p_code} → {success}: turns 2FA off (not while the account requires it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorProofInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';

/** Turns two-factor sign-in off. */
export function disableTwoFactor(body: TwoFactorProofInput): Promise<{ success: true }> {
  return api.rpc<{ success: true }>('TwoFactorDisable', body);
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
