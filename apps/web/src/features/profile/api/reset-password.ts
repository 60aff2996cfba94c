/**
 * POST /api/rpc/ResetPassword {p_old_password, p_password, p_password_repeat} → {success, token}:
 * changes the password; every other session ends and this one continues with the answered token.
 */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';
import { storeToken } from '../../../shared/session/auth';

export interface ResetPasswordAnswer {
  success: boolean;
  token: string;
}

export async function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  const answer = await api.rpc<ResetPasswordAnswer>('ResetPassword', body);
  storeToken(answer.token);
  return answer;
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['profile', 'ResetPassword'], mutationFn: resetPassword });
}
