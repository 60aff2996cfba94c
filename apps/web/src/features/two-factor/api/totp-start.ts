/** POST /api/rpc/TwoFactorTotpStart {} → {secret, uri}: a new secret, not active until confirmed. */
import { useMutation } from '@tanstack/react-query';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** Starts setting up an authenticator app. */
export function totpStart(): Promise<TotpSetupAnswer> {
  return api.rpc<TotpSetupAnswer>('TwoFactorTotpStart', {});
}

/** Mutation hook of {@link totpStart}. */
export function useTotpStart() {
  return useMutation({ mutationKey: ['two-factor', 'TwoFactorTotpStart'], mutationFn: totpStart });
}
