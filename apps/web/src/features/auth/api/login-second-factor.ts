/**
 * POST /api/rpc/LoginSecondFactor {p_ticket, p_code} → {token}: the second step of a login with a
 * TOTP or recovery code; the session is then stored. Sent without a token and never logs out.
 */
import { useMutation } from '@tanstack/react-query';
import type { LoginSecondFactorInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { finishLogin } from './login';

/** Completes the login with a code. */
export async function loginSecondFactor(body: LoginSecondFactorInput): Promise<void> {
  const { token } = await api.rpc<{ token: string }>('LoginSecondFactor', body, { isLogin: true });
  await finishLogin(token);
}

/** Mutation hook of {@link loginSecondFactor}. */
export function useLoginSecondFactor() {
  return useMutation({ mutationKey: ['auth', 'LoginSecondFactor'], mutationFn: loginSecondFactor });
}
