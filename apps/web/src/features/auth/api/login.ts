/**
 * POST /api/rpc/login {p_email, p_password} → {token}, or (issue 19) a ticket for the second step
 * ({second_factor}) or for the enrolment the account requires ({enrol_required}). With a token the
 * session is completed (token cookie, profile). The login call never triggers the forced logout on
 * 401/403 (spec 2 §8).
 */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@portside/contract/schemas/auth';
import type { LoginAnswer, SecondFactorMethod } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';
import { completeLogin } from '../../../shared/session/auth';
import { clearErrors } from '../../../shared/ui/notify';

/** Where a login stands after the password: signed in, or a step still to take with the ticket. */
export type LoginStep =
  { kind: 'done' } | { kind: 'second_factor'; ticket: string; methods: SecondFactorMethod[] } | { kind: 'enrol'; ticket: string };

/** Stores the session of a token; resolves once the profile is loaded. */
export async function finishLogin(token: string): Promise<void> {
  // A new session starts without the banner errors of the previous one (e.g. why it was ended),
  // which would otherwise show in the next user's shell.
  clearErrors();
  await completeLogin(token);
}

/** Logs in; with a token the session is stored, otherwise the step still to take is answered. */
export async function login(body: LoginBody): Promise<LoginStep> {
  const answer = await api.rpc<LoginAnswer>('login', body, { isLogin: true });
  if ('second_factor' in answer) return { kind: 'second_factor', ...answer.second_factor };
  if ('enrol_required' in answer) return { kind: 'enrol', ticket: answer.enrol_required.ticket };
  await finishLogin(answer.token);
  return { kind: 'done' };
}

/** Mutation hook of {@link login}. */
export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
