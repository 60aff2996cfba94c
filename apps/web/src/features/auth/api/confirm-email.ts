/**
 * POST /api/rpc/ConfirmEmail {p_email, p_otp} → {success:true}. 422 CODE_INVALID/CODE_EXPIRED,
 * 429 TOO_MANY_TRIES, 409 ALREADY_CONFIRMED.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';

/** Confirms an e-mail address with the code that was mailed to it. */
export function confirmEmail(body: ConfirmEmailBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('ConfirmEmail', body);
}

/** Mutation hook of {@link confirmEmail}. */
export function useConfirmEmail() {
  return useMutation({ mutationKey: ['auth', 'confirm-email'], mutationFn: confirmEmail });
}
