import type { Tx } from '../db/database.js';
import { AppError } from './errors.js';

/**
 * Counts events per key in a sliding window in PostgreSQL, so every server instance agrees.
 * `check` refuses with 429 once `limit` events happened within the window.
 */
export async function checkRate(tx: Tx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  if ((r.rows[0]?.n ?? 0) >= limit) throw new AppError('RATE_LIMITED');
}

export async function recordRate(tx: Tx, key: string): Promise<void> {
  await tx.query(`INSERT INTO rate_events (key) VALUES ($1)`, [key]);
  // Keep the table small: old events of this key no longer count.
  await tx.query(`DELETE FROM rate_events WHERE key = $1 AND at < now() - interval '1 day'`, [key]);
}
