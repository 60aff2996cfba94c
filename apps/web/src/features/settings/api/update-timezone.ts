/**
 * POST /api/rpc/ProfileUpdateTimezone {p_timezone} → {success, timezone}. The profile is updated
 * in the session, so every date the portal shows moves to the new timezone at once.
 */
import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateTimezoneInput } from '@portside/contract/schemas/settings';
import { api } from '../../../shared/api/client';
import { getSession, setSession } from '../../../shared/session/store';

export interface UpdateTimezoneAnswer {
  success: boolean;
  timezone: string;
}

export async function updateTimezone(body: ProfileUpdateTimezoneInput): Promise<UpdateTimezoneAnswer> {
  const answer = await api.rpc<UpdateTimezoneAnswer>('ProfileUpdateTimezone', body);
  const profile = getSession('customerDetails');
  if (profile) setSession('customerDetails', { ...profile, timezone: answer.timezone });
  return answer;
}

export function useUpdateTimezone() {
  return useMutation({ mutationKey: ['settings', 'ProfileUpdateTimezone'], mutationFn: updateTimezone });
}
