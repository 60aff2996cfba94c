/**
 * Phone rules of the billing address. The phone is kept as two fields, the calling code and the
 * national number, which together must make an E.164 number (at most 15 digits):
 * - prefix: a '+' and 1–4 digits that is a calling code of the country list ('+351'); '351' is
 *   taken as '+351'. Spaces, '00' and codes nobody uses ('+999') are refused.
 * - number: digits, optionally grouped with spaces, hyphens and parentheses ('(21) 123-45 67'),
 *   4–14 digits; it is stored as typed (only trimmed), since the grouping is the customer's.
 * - together: the prefix's digits plus the number's digits at most 15.
 */
import type { MessageKey } from '../messages';
import { CALLING_CODES } from './countries';

/** Digits a national number may have, and the E.164 limit of calling code and number together. */
export const PHONE_DIGITS = { numberMin: 4, numberMax: 14, e164Max: 15 } as const;

const PREFIX_PATTERN = /^\+?(\d{1,4})$/;
const NUMBER_PATTERN = /^[0-9 ()-]+$/;

/** The calling code `value` names, with its plus ('351' → '+351'), or null when it is not one of the list. */
export function normalizePhonePrefix(value: string): string | null {
  const m = PREFIX_PATTERN.exec(value);
  if (!m) return null;
  const code = `+${m[1]}`;
  return CALLING_CODES.has(code) ? code : null;
}

/** Phone prefix rule: a calling code of the list, with or without its '+'. */
export function validatePhonePrefix(value: string): MessageKey | null {
  return normalizePhonePrefix(value) === null ? 'phone_prefix_invalid' : null;
}

/** How many digits a text holds. */
export function digitCount(value: string): number {
  let n = 0;
  for (const ch of value) if (ch >= '0' && ch <= '9') n++;
  return n;
}

/** Phone number rule: digits with optional spaces, hyphens and parentheses; 4–14 digits. */
export function validatePhoneNumber(value: string): MessageKey | null {
  if (!NUMBER_PATTERN.test(value)) return 'phone_number_invalid';
  const digits = digitCount(value);
  return digits < PHONE_DIGITS.numberMin || digits > PHONE_DIGITS.numberMax ? 'phone_number_invalid' : null;
}

/**
 * Calling code and number together (E.164): at most 15 digits. Only meaningful once each field
 * passes its own rule; answers null otherwise so a field never gets two messages.
 */
export function validatePhoneTotal(prefix: string, number: string): MessageKey | null {
  const code = normalizePhonePrefix(prefix);
  if (code === null || validatePhoneNumber(number) !== null) return null;
  return digitCount(code) + digitCount(number) > PHONE_DIGITS.e164Max ? 'phone_number_too_long' : null;
}
