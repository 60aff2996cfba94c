import type { Pool } from 'pg';

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
 * The user, their claims and their session's state in one autocommit statement (one round trip
 * per request): the database function portside_principal (migration 0023), which also marks the
 * session as seen, but only when it was last marked more than {@link SESSION_TOUCH_SECONDS} ago —
 * a busy session writes once a minute, not on every request. It reads as the tables' owner, so it
 * needs no transaction with the system context.
 */
export async function principalRow(db: Pool, userId: string, sessionId: string): Promise<PrincipalRow | null> {
  const r = await db.query<PrincipalRow>({
    name: 'portside-principal',
    text: 'SELECT * FROM portside_principal($1, $2, $3)',
    values: [userId, sessionId, SESSION_TOUCH_SECONDS],
  });
  return r.rows[0] ?? null;
}
