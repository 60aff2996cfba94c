/**
 * POST /api/rpc/login {p_email, p_password} → {token}; then the session is completed (token
 * cookie, profile). The login call never triggers the forced logout on 401/403 (spec 2 §8).
 */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';
import { completeLogin } from '../../../shared/session/auth';
import { clearErrors } from '../../../shared/ui/notify';

/** Answer of the login call. */
export interface LoginAnswer {
  token: string;
}

/** Logs in and stores the session; resolves once the profile is loaded. */
export async function login(body: LoginBody): Promise<void> {
  const { token } = await api.rpc<LoginAnswer>('login', body, { isLogin: true });
  // A new session starts without the banner errors of the previous one (e.g. why it was ended),
  // which would otherwise show in the next user's shell.
  clearErrors();
  await completeLogin(token);
}

/** Mutation hook of {@link login}. */
export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
