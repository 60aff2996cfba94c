import type { Tx } from '../../db/database.js';
import type { RegisterBody } from '@portside/contract/schemas/auth';

export interface AuthUser {
  id: string;
  client_id: string;
  email: string;
  password_hash: string;
  blocked: boolean;
  confirmed: boolean;
  token_version: number;
  language: string;
  /** The account's inactivity logout: also the lifetime of a session token. */
  logout_after_minutes: number;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<AuthUser | null> {
  const r = await tx.query<AuthUser>(
    `SELECT u.id, u.client_id, u.email, u.password_hash, u.blocked, u.email_confirmed_at IS NOT NULL AS confirmed,
            u.token_version, c.language, c.logout_after_minutes
       FROM users u JOIN clients c ON c.id = u.client_id WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return r.rows[0] ?? null;
}

/** Creates the account (client), its owner and its default project. */
export async function createAccount(
  tx: Tx,
  b: RegisterBody,
  passwordHash: string,
  language: string,
): Promise<{ userId: string; clientId: string }> {
  const c = await tx.query<{ id: string }>(
    `INSERT INTO clients (first_name, last_name, company_name, address, address2, city, country, phone_prefix,
                          phone_number, state, postcode, vat_number, voucher_code, language, referrer)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) RETURNING id`,
    [
      b.p_first_name,
      b.p_last_name,
      b.p_company_name || null,
      b.p_address,
      b.p_address2 || null,
      b.p_city,
      b.p_country,
      b.p_phone_prefix,
      b.p_phone_number,
      b.p_state,
      b.p_postcode,
      b.p_vat_number || null,
      b.p_voucher || null,
      language,
      b.p_referrer || null,
    ],
  );
  const clientId = c.rows[0]!.id;
  const u = await tx.query<{ id: string }>(
    `INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner)
     VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
    [clientId, b.p_email, passwordHash, b.p_first_name, b.p_last_name],
  );
  await tx.query(`INSERT INTO projects (client_id, name, is_default) VALUES ($1, 'default', true)`, [clientId]);
  return { userId: u.rows[0]!.id, clientId };
}

export async function markConfirmed(tx: Tx, userId: string): Promise<void> {
  await tx.query(`UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1`, [userId]);
}

/** Sets a new password and ends every session of the user. */
export async function setPassword(tx: Tx, userId: string, hash: string): Promise<void> {
  await tx.query(`UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1`, [userId, hash]);
}

/** What an e-mail code is for: confirming the address or resetting the password. */
export type CodePurpose = 'confirm' | 'reset';

/** Retires the user's unused codes of `purpose` (a fresh one replaces them). */
export async function retireCodes(tx: Tx, userId: string, purpose: CodePurpose): Promise<void> {
  await tx.query(`UPDATE email_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [
    userId,
    purpose,
  ]);
}

/** Stores a code (its keyed hash only) valid for `ttlMinutes`. */
export async function insertCode(
  tx: Tx,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
  ttlMinutes: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO email_codes (user_id, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [userId, purpose, codeHash, ttlMinutes],
  );
}

/** The newest unused code of `purpose`, locked for the check, or undefined. */
export async function newestCode(
  tx: Tx,
  userId: string,
  purpose: CodePurpose,
): Promise<{ id: number; code_hash: string; expired: boolean; tries: number } | undefined> {
  const r = await tx.query<{ id: number; code_hash: string; expired: boolean; tries: number }>(
    `SELECT id, code_hash, expires_at < now() AS expired, tries FROM email_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  return r.rows[0];
}

/** Counts a wrong try at a code. */
export async function countTry(tx: Tx, codeId: number): Promise<void> {
  await tx.query(`UPDATE email_codes SET tries = tries + 1 WHERE id = $1`, [codeId]);
}

/** Marks a code used (it works once). */
export async function useCode(tx: Tx, codeId: number): Promise<void> {
  await tx.query(`UPDATE email_codes SET used_at = now() WHERE id = $1`, [codeId]);
}
