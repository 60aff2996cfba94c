/**
 * POST /api/rpc/register (registerSchema) → {email}, also for a taken address (its owner is told by
 * e-mail). 422 VOUCHER_INVALID or VOUCHER_EXPIRED,
 * 400 VALIDATION_FAILED with one `p_field: key` line per field in details.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@portside/contract/schemas/auth';
import { api } from '../../../shared/api/client';

/** Answer of the register call. */
export interface RegisterAnswer {
  email: string;
}

/** Creates the account; the server mails a confirmation code. */
export function register(body: RegisterBody): Promise<RegisterAnswer> {
  return api.rpc<RegisterAnswer>('register', body);
}

/** Mutation hook of {@link register}. */
export function useRegister() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
