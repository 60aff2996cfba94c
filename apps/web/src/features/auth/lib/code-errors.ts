/**
 * Translated texts for the errors of the code-based calls (ConfirmEmail, ForgotPasswordConfirm,
 * ResendConfirmationEmail, ForgotPassword). Anything else falls back to the client's
 * presentation of the error.
 */
import { ApiError } from '../../../shared/api/client';

const CODE_TEXT: Readonly<Record<string, string>> = {
  CODE_INVALID: 'auth:errors.code_invalid',
  CODE_EXPIRED: 'auth:errors.code_expired',
  TOO_MANY_TRIES: 'auth:errors.too_many_tries',
  RATE_LIMITED: 'auth:errors.rate_limited',
  ALREADY_CONFIRMED: 'auth:errors.already_confirmed',
};

/** The translated text of a known code error, or null. Any 429 gives the rate-limit text. */
export function codeErrorText(t: (key: string) => string, error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const key = CODE_TEXT[error.body?.code ?? ''];
  if (key) return t(key);
  return error.status === 429 ? t('auth:errors.rate_limited') : null;
}

/** Whether the error says the address is confirmed already (a success for the user). */
export function isAlreadyConfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === 'ALREADY_CONFIRMED';
}
