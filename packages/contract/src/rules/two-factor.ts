/**
 * The formats of two-factor sign-in (issue 19): a TOTP code from an authenticator app (RFC 6238,
 * six digits) and a single-use recovery code (`xxxx-xxxx-xx`, ten letters and digits from an
 * alphabet without look-alikes). Shared by the web's forms and the server's checks.
 */

/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6;
/** Seconds one TOTP code is valid for (the RFC's time step). */
export const TOTP_PERIOD_SECONDS = 30;
/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits recovery codes are made of: no 0/o, 1/l/i, so they are read back without doubt. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters of a recovery code, dashes not counted (10 × log2(31) ≈ 49.5 bits). */
export const RECOVERY_CODE_LENGTH = 10;

/** True for a six-digit TOTP code (spaces around or inside, as apps show `123 456`, are allowed). */
export function isTotpCode(value: string): boolean {
  return /^\d{6}$/.test(value.replace(/\s+/g, ''));
}

/**
 * A recovery code as stored and compared: lower-case, without dashes and spaces; null when it is
 * not one (wrong length or a character outside {@link RECOVERY_ALPHABET}).
 */
export function normalizeRecoveryCode(value: string): string | null {
  const v = value.toLowerCase().replace(/[\s-]+/g, '');
  if (v.length !== RECOVERY_CODE_LENGTH) return null;
  for (const ch of v) if (!RECOVERY_ALPHABET.includes(ch)) return null;
  return v;
}

/** How a normalised recovery code is shown: `abcd-efgh-jk`. */
export function formatRecoveryCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4, 8)}-${normalized.slice(8)}`;
}

/** The second factor a typed code is: a TOTP code, a recovery code, or neither. */
export function secondFactorKind(value: string): 'totp' | 'recovery' | null {
  if (isTotpCode(value)) return 'totp';
  return normalizeRecoveryCode(value) ? 'recovery' : null;
}
