/**
 * POST /api/rpc/ResetPassword {p_old_password, p_password, p_password_repeat} → {success, token}:
 * changes the password; every other session ends and this one continues with the answered token.
 * The profile is read again: the password change renewed the live updates' notification secret.
 */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';
import { loadProfile, storeToken } from '../../../shared/session/auth';

export interface ResetPasswordAnswer {
  success: boolean;
  token: string;
}

export async function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  const answer = await api.rpc<ResetPasswordAnswer>('ResetPassword', body);
  storeToken(answer.token);
  // The change is made; a failed re-read leaves the old details until the next profile load.
  await loadProfile().catch(() => undefined);
  return answer;
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['profile', 'ResetPassword'], mutationFn: resetPassword });
}
