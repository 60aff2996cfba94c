/**
 * POST /api/rpc/LoginPasskeyVerify {p_ticket, p_response} → {token}: the second step with a
 * passkey; the session is then stored. The hook runs it all: options, the browser's dialog (its
 * library loaded only then), this call.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { finishLogin } from './login';
import { loginPasskeyOptions } from './login-passkey-options';

/** Completes the login of `ticket` with a passkey. */
export async function loginWithPasskey(ticket: string): Promise<void> {
  const optionsJSON = await loginPasskeyOptions(ticket);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  const { token } = await api.rpc<{ token: string }>(
    'LoginPasskeyVerify',
    { p_ticket: ticket, p_response: response },
    { isLogin: true },
  );
  await finishLogin(token);
}

/** Mutation hook of {@link loginWithPasskey}. */
export function useLoginWithPasskey() {
  return useMutation({ mutationKey: ['auth', 'LoginPasskeyVerify'], mutationFn: loginWithPasskey });
}
