/**
 * POST /api/rpc/ForgotPasswordConfirm {p_email, p_code, p_password, p_password_repeat}
 * → {success:true}: sets the new password with the mailed code.
 */
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordConfirmBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';

/** Sets a new password with the reset code. */
export function forgotPasswordConfirm(body: ForgotPasswordConfirmBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('ForgotPasswordConfirm', body);
}

/** Mutation hook of {@link forgotPasswordConfirm}. */
export function useForgotPasswordConfirm() {
  return useMutation({ mutationKey: ['auth', 'forgot-password-confirm'], mutationFn: forgotPasswordConfirm });
}
