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

/** How often a token's last_used_at and last_used_ip are written at most. */
export const API_TOKEN_TOUCH_SECONDS = 60;

/** A personal API token as a request's check needs it, with its user and this minute's request count. */
export interface ApiPrincipalRow extends Omit<PrincipalRow, 'session_open'> {
  token_id: string;
  token_name: string;
  scopes: string[];
  expires_at: Date;
  revoked_at: Date | null;
  /** Requests made with the token in the current minute, this one included (0 for a refused token). */
  rate_count: number;
}

/**
 * The token with this SHA-256 hash, its user and claims, in one autocommit statement: the database
 * function portside_api_principal (migration 0046), which also counts the request for the rate
 * limit and records the last use (at most every {@link API_TOKEN_TOUCH_SECONDS}) of a valid token.
 */
export async function apiPrincipalRow(db: Pool, hash: Buffer, ip: string): Promise<ApiPrincipalRow | null> {
  const r = await db.query<ApiPrincipalRow>({
    name: 'portside-api-principal',
    text: 'SELECT * FROM portside_api_principal($1, $2, $3)',
    values: [hash, ip, API_TOKEN_TOUCH_SECONDS],
  });
  return r.rows[0] ?? null;
}
