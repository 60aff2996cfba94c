/**
 * POST /api/rpc/ForgotPassword {p_email} → {success:true}, whether or not the address is
 * registered; a registered address gets a 6-digit code and a /reset-password/<message> link.
 */
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';

/** Requests a password reset code. */
export function forgotPassword(body: ForgotPasswordBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('ForgotPassword', body);
}

/** Mutation hook of {@link forgotPassword}. */
export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}
