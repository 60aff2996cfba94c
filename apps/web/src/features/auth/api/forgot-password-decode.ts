/**
 * POST /api/rpc/ForgotPasswordDecode {p_message} → the e-mail and the code a reset link carries,
 * so the reset form can be pre-filled.
 *
 * The spec's failure test (spec 2 §8) treats any answer with a `code` field as an error, so the
 * documented answer {email, code} reaches us as an ApiError with a 2xx status. That case is
 * recovered here (only the code survives it); {email, otp} and {p_email, p_code} answers are
 * read in full.
 */
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordDecodeBody } from '@portside/contract/schemas/auth';
import { ApiError, api } from '../../../shared/api/client';

/** What a reset link carries ('' for a part the answer did not give). */
export interface DecodedResetMessage {
  email: string;
  code: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Reads the decode answer in any of the accepted shapes. */
export function readDecodedMessage(answer: unknown): DecodedResetMessage {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  return {
    email: text(a.email ?? a.p_email),
    code: text(a.otp ?? a.p_code ?? a.code),
  };
}

/** Decodes the encrypted message of a reset link. */
export async function forgotPasswordDecode(body: ForgotPasswordDecodeBody): Promise<DecodedResetMessage> {
  try {
    return readDecodedMessage(await api.rpc<unknown>('ForgotPasswordDecode', body));
  } catch (e) {
    if (e instanceof ApiError && e.status >= 200 && e.status < 300) {
      return { email: '', code: text(e.body.code) };
    }
    throw e;
  }
}

/** Mutation hook of {@link forgotPasswordDecode} (a POST, run once when the page opens). */
export function useForgotPasswordDecode() {
  return useMutation({ mutationKey: ['auth', 'forgot-password-decode'], mutationFn: forgotPasswordDecode });
}
