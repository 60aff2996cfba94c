/**
 * POST /api/rpc/TwoFactorEnrolConfirm {p_ticket, p_code} → {token, recovery_codes}: the new app's
 * first code turns 2FA on. The session is stored only after the codes were shown (storing it
 * switches the page to the shell).
 */
import { useMutation } from '@tanstack/react-query';
import type { EnrolAnswer, TwoFactorEnrolConfirmInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** Confirms the enrolment; answers the token and the recovery codes. */
export function enrolConfirm(body: TwoFactorEnrolConfirmInput): Promise<EnrolAnswer> {
  return api.rpc<EnrolAnswer>('TwoFactorEnrolConfirm', body, { isLogin: true });
}

/** Mutation hook of {@link enrolConfirm}. */
export function useEnrolConfirm() {
  return useMutation({ mutationKey: ['auth', 'TwoFactorEnrolConfirm'], mutationFn: enrolConfirm });
}
