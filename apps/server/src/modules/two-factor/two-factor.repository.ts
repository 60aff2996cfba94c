/**
 * The SQL of two-factor sign-in (issue 19): the user's authenticator app (user_totp), recovery
 * codes, login tickets (login_challenges) and the account's rule (clients.require_two_factor).
 * Tenant calls run under row-level security; the login steps run in the system context.
 */
import type { Tx } from '../../db/database.js';

/** A user's authenticator app: confirmed or waiting for its first code. */
export interface TotpRow {
  secret_sealed: string;
  confirmed: boolean;
  last_step: number;
}

/** The user a second step or a settings change is about. */
export interface TwoFactorUser {
  id: string;
  client_id: string;
  email: string;
  language: string;
  password_hash: string;
  blocked: boolean;
  is_owner: boolean;
  token_version: number;
  logout_after_minutes: number;
  require_two_factor: boolean;
}

/** The user with the account's settings the flows need (null when gone). */
export async function findUser(tx: Tx, userId: string): Promise<TwoFactorUser | null> {
  const r = await tx.query<TwoFactorUser>(
    `SELECT u.id, u.client_id, u.email, c.language, u.password_hash, u.blocked, u.is_owner, u.token_version,
            c.logout_after_minutes, c.require_two_factor
       FROM users u JOIN clients c ON c.id = u.client_id WHERE u.id = $1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

export async function findTotp(tx: Tx, userId: string): Promise<TotpRow | null> {
  const r = await tx.query<{ secret_sealed: string; confirmed: boolean; last_step: string }>(
    `SELECT secret_sealed, confirmed_at IS NOT NULL AS confirmed, last_step FROM user_totp WHERE user_id = $1`,
    [userId],
  );
  const row = r.rows[0];
  return row ? { ...row, last_step: Number(row.last_step) } : null;
}

/** Stores a new, unconfirmed secret (replacing an earlier unconfirmed one; never a confirmed one). */
export async function savePendingTotp(tx: Tx, userId: string, clientId: string, sealed: string): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO user_totp (user_id, client_id, secret_sealed) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = now(), last_step = 0
       WHERE user_totp.confirmed_at IS NULL`,
    [userId, clientId, sealed],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Stores a confirmed secret at once (enrolment at login, where the secret waited in the ticket). */
export async function saveConfirmedTotp(tx: Tx, userId: string, clientId: string, sealed: string, step: number): Promise<void> {
  await tx.query(
    `INSERT INTO user_totp (user_id, client_id, secret_sealed, confirmed_at, last_step) VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, confirmed_at = now(), last_step = $4`,
    [userId, clientId, sealed, step],
  );
}

/** Marks the pending secret confirmed. */
export async function confirmTotp(tx: Tx, userId: string): Promise<void> {
  await tx.query(`UPDATE user_totp SET confirmed_at = now() WHERE user_id = $1`, [userId]);
}

/**
 * Records the time step of an accepted code; false when that step (or a later one) was used
 * already, so one code cannot be used twice even by two requests at once.
 */
export async function advanceStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const r = await tx.query(`UPDATE user_totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2`, [userId, step]);
  return (r.rowCount ?? 0) > 0;
}

/** Removes the user's authenticator app (confirmed or not). */
export async function deleteTotp(tx: Tx, userId: string): Promise<void> {
  await tx.query(`DELETE FROM user_totp WHERE user_id = $1`, [userId]);
}

/** Replaces the user's recovery codes with new ones (their hashes). */
export async function replaceRecoveryCodes(tx: Tx, userId: string, clientId: string, hashes: string[]): Promise<void> {
  await tx.query(`DELETE FROM user_recovery_codes WHERE user_id = $1`, [userId]);
  await tx.query(
    `INSERT INTO user_recovery_codes (user_id, client_id, code_hash) SELECT $1, $2, h FROM unnest($3::text[]) AS h`,
    [userId, clientId, hashes],
  );
}

/** Uses up an unused recovery code; false when there is none with that hash. */
export async function useRecoveryCode(tx: Tx, userId: string, hash: string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE user_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [userId, hash],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Unused recovery codes left. */
export async function recoveryCodesLeft(tx: Tx, userId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return r.rows[0]?.n ?? 0;
}

export type ChallengeKind = 'second_factor' | 'enrol' | 'passkey_register' | 'passkey_proof';

/** A login ticket as the second step reads it. */
export interface ChallengeRow {
  id: string;
  user_id: string;
  client_id: string;
  kind: ChallengeKind;
  secret_sealed: string | null;
  webauthn_challenge: string | null;
  attempts: number;
  /** Expired, used or out of tries. */
  dead: boolean;
}

/** Opens a ticket (its hash) for `minutes`; the user's dead tickets are cleared out on the way. */
export async function createChallenge(
  tx: Tx,
  c: { ticketHash: string; userId: string; clientId: string; kind: ChallengeKind; minutes: number; webauthn?: string },
): Promise<void> {
  await tx.query(`DELETE FROM login_challenges WHERE user_id = $1 AND (expires_at < now() OR used_at IS NOT NULL)`, [c.userId]);
  await tx.query(
    `INSERT INTO login_challenges (ticket_hash, user_id, client_id, kind, expires_at, webauthn_challenge)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5), $6)`,
    [c.ticketHash, c.userId, c.clientId, c.kind, c.minutes, c.webauthn ?? null],
  );
}

/** The ticket with this hash, locked for the step (null when unknown). */
export async function findChallenge(tx: Tx, ticketHash: string, maxAttempts: number): Promise<ChallengeRow | null> {
  const r = await tx.query<ChallengeRow>(
    `SELECT id, user_id, client_id, kind, secret_sealed, webauthn_challenge, attempts,
            (expires_at <= now() OR used_at IS NOT NULL OR attempts >= $2) AS dead
       FROM login_challenges WHERE ticket_hash = $1 FOR UPDATE`,
    [ticketHash, maxAttempts],
  );
  return r.rows[0] ?? null;
}

/** Counts a wrong code on the ticket; answers the attempts so far. */
export async function countChallengeAttempt(tx: Tx, id: string): Promise<number> {
  const r = await tx.query<{ attempts: number }>(
    `UPDATE login_challenges SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`,
    [id],
  );
  return r.rows[0]?.attempts ?? 0;
}

/** Keeps the WebAuthn challenge of a login's passkey step in its ticket. */
export async function setChallengeWebauthn(tx: Tx, id: string, challenge: string): Promise<void> {
  await tx.query(`UPDATE login_challenges SET webauthn_challenge = $2 WHERE id = $1`, [id, challenge]);
}

/**
 * The user's newest live WebAuthn challenge of `kind` (a passkey registration in settings, or the
 * proof a settings change asks for), null when none.
 */
export async function pendingChallenge(
  tx: Tx,
  userId: string,
  kind: 'passkey_register' | 'passkey_proof',
): Promise<{ id: string; challenge: string } | null> {
  const r = await tx.query<{ id: string; challenge: string }>(
    `SELECT id, webauthn_challenge AS challenge FROM login_challenges
      WHERE user_id = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now() AND webauthn_challenge IS NOT NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId, kind],
  );
  return r.rows[0] ?? null;
}

/** A passkey as WebAuthn checks it. */
export interface PasskeyRow {
  id: string;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string[];
}

/** The user's passkeys. */
export async function listPasskeys(tx: Tx, userId: string): Promise<PasskeyRow[]> {
  const r = await tx.query<PasskeyRow & { counter: string }>(
    `SELECT id, credential_id, public_key, counter, transports FROM webauthn_credentials WHERE user_id = $1`,
    [userId],
  );
  return r.rows.map((row) => ({ ...row, counter: Number(row.counter) }));
}

/**
 * Stores a new passkey; answers its id, null when its credential is registered already (to
 * anybody: a credential id is unique, and an authenticator never makes the same one twice).
 */
export async function insertPasskey(
  tx: Tx,
  p: {
    userId: string;
    clientId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
  },
): Promise<string | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO webauthn_credentials (user_id, client_id, credential_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
    [p.userId, p.clientId, p.credentialId, Buffer.from(p.publicKey), p.counter, p.transports, p.name],
  );
  return r.rows[0]?.id ?? null;
}

/** Records a sign-in with a passkey (its new signature counter). */
export async function touchPasskey(tx: Tx, id: string, counter: number): Promise<void> {
  await tx.query(`UPDATE webauthn_credentials SET counter = $2, last_used_at = now() WHERE id = $1`, [id, counter]);
}

/** Removes one of the user's passkeys; answers its name, null when there is none with that id. */
export async function deletePasskey(tx: Tx, userId: string, id: number): Promise<string | null> {
  const r = await tx.query<{ name: string }>(`DELETE FROM webauthn_credentials WHERE user_id = $1 AND id = $2 RETURNING name`, [
    userId,
    id,
  ]);
  return r.rows[0]?.name ?? null;
}

/** Renames one of the user's passkeys; its old name, or null when the user has no such passkey. */
export async function renamePasskey(tx: Tx, userId: string, id: number, name: string): Promise<string | null> {
  const r = await tx.query<{ old: string }>(
    `UPDATE webauthn_credentials c SET name = $3 FROM webauthn_credentials o
      WHERE c.id = o.id AND c.user_id = $1 AND c.id = $2 RETURNING o.name AS old`,
    [userId, id, name],
  );
  return r.rows[0]?.old ?? null;
}

/** Keeps the new secret of an enrolment in its ticket until the first code confirms it. */
export async function setChallengeSecret(tx: Tx, id: string, sealed: string): Promise<void> {
  await tx.query(`UPDATE login_challenges SET secret_sealed = $2 WHERE id = $1`, [id, sealed]);
}

/** Uses the ticket up; false when it was used already (two requests racing). */
export async function useChallenge(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.query(`UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL`, [id]);
  return (r.rowCount ?? 0) > 0;
}

/** Sets the account's rule (the caller's own account, under row-level security). */
export async function setRequireTwoFactor(tx: Tx, clientId: string, required: boolean): Promise<void> {
  await tx.query(`UPDATE clients SET require_two_factor = $2 WHERE id = $1`, [clientId, required]);
}
