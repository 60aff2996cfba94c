/**
 * Maps API errors onto form fields: VALIDATION_FAILED carries one `p_field: message_key` line per
 * field in `details`; a few catalogue codes belong to one field.
 */
import { isMessageKey, type MessageKey } from '@portside/contract/messages';
import { ApiError } from '../api/client';
import { validationKey } from './field-messages';

/** Parses VALIDATION_FAILED details ('p_email: email_invalid' lines) into field → i18n key. */
export function parseValidationDetails(details: string | null | undefined): Record<string, string> {
  const out = new Map<string, string>();
  for (const line of (details ?? '').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.+?)\s*$/.exec(line);
    if (!match) continue;
    const [, field, key] = match as unknown as [string, string, string];
    if (!out.has(field)) out.set(field, validationKey(key));
  }
  return Object.fromEntries(out);
}

/**
 * The field errors an API error stands for, or null when it is not a field error (the form then
 * shows it in its error alert). `codeFields` maps catalogue codes to a field and an i18n key,
 * e.g. `{ WRONG_PASSWORD: ['p_old_password', 'profile:errors.wrong_password'] }`.
 */
export function fieldErrorsFromApi<F extends string>(
  error: unknown,
  codeFields: Partial<Record<string, readonly [F, string]>> = {},
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body?.code;
  const mapped = code ? codeFields[code] : undefined;
  if (mapped) return { [mapped[0]]: mapped[1] } as Partial<Record<F, string>>;
  if (code !== 'VALIDATION_FAILED') return null;
  const parsed = parseValidationDetails(error.body?.details);
  return Object.keys(parsed).length > 0 ? (parsed as Partial<Record<F, string>>) : null;
}

/** The message key a call refused for `field` (from `field: key` detail lines), if any. */
export function fieldKeyOf(error: unknown, field: string): MessageKey | null {
  if (!(error instanceof ApiError) || !error.body.details) return null;
  for (const line of error.body.details.split('\n')) {
    const m = /^\s*([\w.]+):\s*([a-z0-9_]+)\s*$/.exec(line);
    if (m && m[1] === field && isMessageKey(m[2])) return m[2];
  }
  return null;
}
