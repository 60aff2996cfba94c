import type { Tx } from '../../db/database.js';
import { endUserSessions } from '../sessions/sessions.repository.js';

export interface TargetUser {
  id: string;
  email: string;
  is_owner: boolean;
  blocked: boolean;
}

/** A user of the caller's account by username (lower-cased e-mail), locked for the change; null if none. */
export async function findByUsername(tx: Tx, username: string): Promise<TargetUser | null> {
  const r = await tx.query<TargetUser>(
    `SELECT id, email, is_owner, blocked FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
    [username],
  );
  return r.rows[0] ?? null;
}

/** Whether any account uses the address (run in the system context: other accounts are hidden otherwise). */
export async function emailExists(tx: Tx, email: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email]);
  return (r.rowCount ?? 0) > 0;
}

/** Adds an unconfirmed sub-user to the caller's account. */
export async function insertSubUser(
  tx: Tx,
  u: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner)
     VALUES (portside_client(), $1, $2, $3, $4, false) RETURNING id`,
    [u.email, u.passwordHash, u.firstName, u.lastName],
  );
  return r.rows[0]!.id;
}

/** Who invites: the caller's name and address, and the account's company and language. */
export async function inviter(tx: Tx): Promise<{ name: string; email: string; company: string | null; language: string }> {
  const r = await tx.query<{ name: string; email: string; company: string | null; language: string }>(
    `SELECT u.first_name || ' ' || u.last_name AS name, u.email, c.company_name AS company, c.language
       FROM users u JOIN clients c ON c.id = u.client_id WHERE u.id = portside_user()`,
  );
  return r.rows[0]!;
}

export async function updateNames(tx: Tx, id: string, firstName: string, lastName: string): Promise<void> {
  await tx.query(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, [id, firstName, lastName]);
}

/** Flips the blocked flag and ends every open session of the user (the token version, and the sessions list). */
export async function toggleBlocked(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.query<{ blocked: boolean }>(
    `UPDATE users SET blocked = NOT blocked, token_version = token_version + 1 WHERE id = $1 RETURNING blocked`,
    [id],
  );
  await endUserSessions(tx, id, 'blocked');
  return r.rows[0]!.blocked;
}

/** Sets a new password and ends every open session of the user (the token version, and the sessions list). */
export async function setPassword(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx.query(`UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1`, [id, passwordHash]);
  await endUserSessions(tx, id, 'password_set');
}

/** Deletes the user; their claims and codes go with them, their log entries stay. */
export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.query(`DELETE FROM users WHERE id = $1`, [id]);
}

export async function grantClaims(tx: Tx, userId: string, claims: readonly string[]): Promise<void> {
  await tx.query(
    `INSERT INTO user_claims (user_id, client_id, claim) SELECT $1, portside_client(), c FROM unnest($2::text[]) AS c
     ON CONFLICT DO NOTHING`,
    [userId, claims],
  );
}

export async function revokeClaims(tx: Tx, userId: string, claims: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM user_claims WHERE user_id = $1 AND claim = ANY($2::text[])`, [userId, claims]);
}

/** The claims granted to a user, sorted. */
export async function grantedClaims(tx: Tx, userId: string): Promise<string[]> {
  const r = await tx.query<{ claim: string }>(`SELECT claim FROM user_claims WHERE user_id = $1 ORDER BY claim`, [userId]);
  return r.rows.map((x) => x.claim);
}
