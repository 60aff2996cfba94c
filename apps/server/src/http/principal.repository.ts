import type { Tx } from '../db/database.js';

/** How often a session's last_seen_at is written at most: a request within this time of the last one writes nothing. */
export const SESSION_TOUCH_SECONDS = 60;

/** A user as a token's check needs it, with whether the token's session is still open. */
export interface PrincipalRow {
  id: string;
  client_id: string;
  email: string;
  is_owner: boolean;
  blocked: boolean;
  roles: string[];
  token_version: number;
  claims: string[];
  /** The session named by the token exists, belongs to this user and has not ended. */
  session_open: boolean;
}

/**
 * The user, their claims and their session's state in one statement (one round trip per request).
 * The same statement marks the session as seen, but only when it was last marked more than
 * {@link SESSION_TOUCH_SECONDS} ago: a busy session writes once a minute, not on every request.
 * (A data-modifying WITH runs even though the SELECT does not read it.) Runs in the system context.
 */
export async function principalRow(tx: Tx, userId: string, sessionId: string): Promise<PrincipalRow | null> {
  const r = await tx.query<PrincipalRow>(
    `WITH touched AS (
       UPDATE sessions SET last_seen_at = now()
        WHERE id = $2 AND user_id = $1 AND ended_at IS NULL
          AND last_seen_at < now() - make_interval(secs => $3)
       RETURNING id)
     SELECT u.id, u.client_id, u.email, u.is_owner, u.blocked, u.roles, u.token_version,
            coalesce(array_agg(c.claim) FILTER (WHERE c.claim IS NOT NULL), '{}') AS claims,
            EXISTS (SELECT 1 FROM sessions s WHERE s.id = $2 AND s.user_id = u.id AND s.ended_at IS NULL) AS session_open
       FROM users u LEFT JOIN user_claims c ON c.user_id = u.id
      WHERE u.id = $1 GROUP BY u.id`,
    [userId, sessionId, SESSION_TOUCH_SECONDS],
  );
  return r.rows[0] ?? null;
}
