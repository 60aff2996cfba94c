/** POST /api/rpc/TwoFactorEnrolStart {p_ticket} → {secret, uri}: the app to set up when the account requires 2FA. */
import { useMutation } from '@tanstack/react-query';
import type { TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** Starts the enrolment of the login's ticket. */
export function enrolStart(ticket: string): Promise<TotpSetupAnswer> {
  return api.rpc<TotpSetupAnswer>('TwoFactorEnrolStart', { p_ticket: ticket }, { isLogin: true });
}

/** Mutation hook of {@link enrolStart}. */
export function useEnrolStart() {
  return useMutation({ mutationKey: ['auth', 'TwoFactorEnrolStart'], mutationFn: enrolStart });
}
