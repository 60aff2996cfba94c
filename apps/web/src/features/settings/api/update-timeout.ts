/**
 * POST /api/rpc/ProfileUpdateTimeout {p_minutes} → {success, logout_after_minutes, token}. The
 * answered token lives the new number of minutes; it replaces the current one at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateTimeoutInput } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';
import { storeToken } from '../../../shared/session/auth';
import { getSession, setSession } from '../../../shared/session/store';
import { queryKeys } from '../../../shared/api/query-keys';

export interface UpdateTimeoutAnswer {
  success: boolean;
  logout_after_minutes: number;
  token: string;
}

export async function updateTimeout(body: ProfileUpdateTimeoutInput): Promise<UpdateTimeoutAnswer> {
  const answer = await api.rpc<UpdateTimeoutAnswer>('ProfileUpdateTimeout', body);
  storeToken(answer.token);
  const profile = getSession('customerDetails');
  if (profile) setSession('customerDetails', { ...profile, logout_after_minutes: answer.logout_after_minutes });
  return answer;
}

export function useUpdateTimeout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'ProfileUpdateTimeout'],
    mutationFn: updateTimeout,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.settings.logoutTime(), answer.logout_after_minutes),
  });
}
