import type { Tx } from '../../db/database.js';

/** Why a session ended (sessions.end_reason). */
export type SessionEndReason =
  'logout' | 'ended' | 'ended_all' | 'password_changed' | 'password_reset' | 'blocked' | 'password_set' | 'two_factor_enabled';

/** Ended or expired sessions are deleted this many days later (at the user's next login). */
export const SESSION_RETENTION_DAYS = 30;

/** Opens a session for a login (system context); its first token lives `ttlSeconds`. Returns its id. */
export async function createSession(
  tx: Tx,
  s: { userId: string; clientId: string; ip: string | null; device: string | null; ttlSeconds: number },
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO sessions (user_id, client_id, ip, device, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id`,
    [s.userId, s.clientId, s.ip, s.device, s.ttlSeconds],
  );
  return r.rows[0]!.id;
}

/** Deletes the user's sessions that ended or expired more than {@link SESSION_RETENTION_DAYS} ago. */
export async function pruneSessions(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `DELETE FROM sessions
      WHERE user_id = $1 AND coalesce(ended_at, expires_at) < now() - make_interval(days => $2)`,
    [userId, SESSION_RETENTION_DAYS],
  );
}

/**
 * A new token of the caller's session lives `ttlSeconds` from now: the session stays listed at
 * least that long (never shortened, an older token may still live longer). False when the session
 * is not the caller's or has ended. Tenant context.
 */
export async function extendSession(tx: Tx, sessionId: string, ttlSeconds: number): Promise<boolean> {
  const r = await tx.query(
    `UPDATE sessions SET expires_at = greatest(expires_at, now() + make_interval(secs => $2))
      WHERE id = $1 AND user_id = portside_user() AND ended_at IS NULL`,
    [sessionId, ttlSeconds],
  );
  return r.rowCount === 1;
}

/** Ends one open session of the caller; false when there is no such open session of theirs. Tenant context. */
export async function endOwnSession(tx: Tx, sessionId: string, reason: SessionEndReason): Promise<boolean> {
  const r = await tx.query(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE id = $1 AND user_id = portside_user() AND ended_at IS NULL`,
    [sessionId, reason],
  );
  return r.rowCount === 1;
}

/**
 * Ends every open session of a user, except `keep` when given (the session that goes on after a
 * password change). Returns how many ended. Tenant context of the user's account, or system.
 */
export async function endUserSessions(
  tx: Tx,
  userId: string,
  reason: SessionEndReason,
  keep: string | null = null,
): Promise<number> {
  const r = await tx.query(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [userId, reason, keep],
  );
  return r.rowCount ?? 0;
}
