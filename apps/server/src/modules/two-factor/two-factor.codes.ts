/**
 * The secrets of two-factor sign-in, without SQL: TOTP secrets (otplib, RFC 6238: 20 random bytes,
 * base32, 30-second steps, 6 digits, one step of drift either way), recovery codes and login
 * tickets (random, only their keyed hashes are stored).
 */
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_PERIOD_SECONDS,
} from '@portside/contract/rules/two-factor';
import type { Secrets } from '../../secrets.js';

/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Portside';

/** A new TOTP secret (base32) and its otpauth:// URI for the QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS, digits: 6 }) };
}

/**
 * The time step a code belongs to when it is right now (or one step before or after, for clocks
 * that drift), else null. The caller refuses steps used already (replay).
 */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  try {
    const r = await verify({ secret, token, epochTolerance: TOTP_PERIOD_SECONDS, period: TOTP_PERIOD_SECONDS });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}

/** The stored form of a recovery code (or of a login ticket): HMAC-SHA-256 under the data key. */
export function keyedHash(secrets: Secrets, purpose: 'recovery' | 'ticket', value: string): string {
  return crypto.createHmac('sha256', secrets.dataKey).update(`${purpose}:${value}`).digest('hex');
}

/** The hash a typed recovery code is looked up by; null when it is not one. */
export function recoveryCodeHash(secrets: Secrets, userId: string, typed: string): string | null {
  const v = normalizeRecoveryCode(typed);
  return v ? keyedHash(secrets, 'recovery', `${userId}:${v}`) : null;
}

/** Ten new recovery codes as shown (`xxxx-xxxx-xx`) and their hashes. */
export function newRecoveryCodes(secrets: Secrets, userId: string): { codes: string[]; hashes: string[] } {
  const codes: string[] = [];
  while (codes.length < RECOVERY_CODE_COUNT) {
    let raw = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) raw += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
    const shown = formatRecoveryCode(raw);
    if (!codes.includes(shown)) codes.push(shown);
  }
  return { codes, hashes: codes.map((c) => recoveryCodeHash(secrets, userId, c)!) };
}

/** A new login ticket (256 random bits, base64url) and the hash it is stored under. */
export function newTicket(secrets: Secrets): { ticket: string; hash: string } {
  const ticket = crypto.randomBytes(32).toString('base64url');
  return { ticket, hash: keyedHash(secrets, 'ticket', ticket) };
}
