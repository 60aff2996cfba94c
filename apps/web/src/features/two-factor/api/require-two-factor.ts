/** POST /api/rpc/TwoFactorRequire {p_required} → {success, required}: the owner's rule for every user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorRequireInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';

/** Requires (or stops requiring) 2FA of every user of the account. */
export function requireTwoFactor(body: TwoFactorRequireInput): Promise<{ success: true; required: boolean }> {
  return api.rpc<{ success: true; required: boolean }>('TwoFactorRequire', body);
}

/** Mutation hook of {@link requireTwoFactor}. */
export function useRequireTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'TwoFactorRequire'],
    mutationFn: requireTwoFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
