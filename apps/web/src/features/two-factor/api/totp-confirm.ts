/**
 * POST /api/rpc/TwoFactorTotpConfirm {p_code} → {recovery_codes}: the app's first code turns 2FA
 * on; the ten recovery codes are shown once. The user's other sessions end.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesAnswer, TwoFactorTotpConfirmInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { twoFactorKey } from './get-my-two-factor';

/** Confirms the authenticator app with its first code. */
export function totpConfirm(body: TwoFactorTotpConfirmInput): Promise<RecoveryCodesAnswer> {
  return api.rpc<RecoveryCodesAnswer>('TwoFactorTotpConfirm', body);
}

/** Mutation hook of {@link totpConfirm}. */
export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor', 'TwoFactorTotpConfirm'],
    mutationFn: totpConfirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
