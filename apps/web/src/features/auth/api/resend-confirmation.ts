/**
 * POST /api/rpc/ResendConfirmationEmail {p_email} → {success:true}. The answer is the same
 * whether or not the address exists; it is rate-limited (429).
 */
import { useMutation } from '@tanstack/react-query';
import type { ResendConfirmationBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';

/** Asks for a new confirmation code. */
export function resendConfirmation(body: ResendConfirmationBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('ResendConfirmationEmail', body);
}

/** Mutation hook of {@link resendConfirmation}. */
export function useResendConfirmation() {
  return useMutation({ mutationKey: ['auth', 'resend-confirmation'], mutationFn: resendConfirmation });
}
