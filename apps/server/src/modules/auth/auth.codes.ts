import crypto from 'node:crypto';
import { LIMITS } from '@portside/contract/constants';
import type { Tx } from '../../db/database.js';
import type { Secrets } from '../../secrets.js';
import { AppError } from '../../http/errors.js';
import * as codes from './auth.repository.js';
import type { CodePurpose } from './auth.repository.js';

function hashCode(secrets: Secrets, userId: string, purpose: CodePurpose, code: string): string {
  return crypto.createHmac('sha256', secrets.dataKey).update(`${userId}:${purpose}:${code}`).digest('hex');
}

/** Issues a fresh 6-digit code; earlier codes of the same purpose stop working. */
export async function issueCode(tx: Tx, secrets: Secrets, userId: string, purpose: CodePurpose): Promise<string> {
  const code = String(crypto.randomInt(0, 10 ** LIMITS.codeLength)).padStart(LIMITS.codeLength, '0');
  await codes.retireCodes(tx, userId, purpose);
  await codes.insertCode(tx, userId, purpose, hashCode(secrets, userId, purpose, code), LIMITS.codeTtlMinutes);
  return code;
}

/**
 * Checks a code against the newest one issued. A wrong code uses up a try (and that is kept
 * even though the call fails), so the caller gets the error back instead of a throw.
 */
export async function checkCode(
  tx: Tx,
  secrets: Secrets,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<AppError | null> {
  const row = await codes.newestCode(tx, userId, purpose);
  if (!row) return new AppError('CODE_INVALID', { hint: 'Ask for a new code' });
  if (row.tries >= LIMITS.codeMaxTries) return new AppError('TOO_MANY_TRIES');
  if (row.expired) return new AppError('CODE_EXPIRED');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secrets, userId, purpose, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    await codes.countTry(tx, row.id);
    const left = LIMITS.codeMaxTries - row.tries - 1;
    return left > 0
      ? new AppError('CODE_INVALID', { hint: `${left} ${left === 1 ? 'try' : 'tries'} left` })
      : new AppError('TOO_MANY_TRIES');
  }
  await codes.useCode(tx, row.id);
  return null;
}

/** The reset link carries e-mail and code sealed with AES-256-GCM, so it cannot be forged or read. */
export function sealResetMessage(secrets: Secrets, email: string, code: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', secrets.dataKey, iv);
  const body = Buffer.concat([c.update(JSON.stringify({ e: email, c: code }), 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
}

export function openResetMessage(secrets: Secrets, message: string): { email: string; code: string } | null {
  try {
    const raw = Buffer.from(message, 'base64url');
    if (raw.length < 29) return null;
    const d = crypto.createDecipheriv('aes-256-gcm', secrets.dataKey, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    const v = JSON.parse(text) as { e?: unknown; c?: unknown };
    return typeof v.e === 'string' && typeof v.c === 'string' ? { email: v.e, code: v.c } : null;
  } catch {
    return null;
  }
}
