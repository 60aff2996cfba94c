/** The SQL of personal API tokens (issue 19); every statement runs in the caller's tenant context. */
import type { Tx } from '../../db/database.js';

/** How many unrevoked, unexpired tokens the user holds. */
export async function countLiveTokens(tx: Tx, userId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [userId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Stores a new token of the caller (its hash only); answers its id and expiry. */
export async function insertToken(
  tx: Tx,
  t: { name: string; prefix: string; hash: Buffer; scopes: readonly string[]; expiresDays: number },
): Promise<{ id: string; expires_at: Date }> {
  const r = await tx.query<{ id: string; expires_at: Date }>(
    `INSERT INTO api_tokens (user_id, client_id, name, prefix, secret_hash, scopes, expires_at)
     VALUES (portside_user(), portside_client(), $1, $2, $3, $4, now() + make_interval(days => $5))
     RETURNING id, expires_at`,
    [t.name, t.prefix, t.hash, t.scopes, t.expiresDays],
  );
  return r.rows[0]!;
}

/**
 * Revokes one unrevoked token the caller may see (row-level security: their own, or any of the
 * account's for the owner). Answers its name, or null when there is no such token.
 */
export async function revokeToken(tx: Tx, id: string): Promise<string | null> {
  const r = await tx.query<{ name: string }>(
    `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING name`,
    [id],
  );
  return r.rows[0]?.name ?? null;
}

/** The language of the caller's account (the mails' language). */
export async function accountLanguage(tx: Tx): Promise<string> {
  const r = await tx.query<{ language: string }>(`SELECT language FROM clients WHERE id = portside_client()`);
  return r.rows[0]?.language ?? 'en';
}
