/** The rate counters: events per key in rate_events, so that every server instance agrees. */
import type { Tx } from '../db/database.js';

/** How many events of `key` happened within the last `windowSeconds` (every server instance agrees). */
export async function countRate(tx: Tx, key: string, windowSeconds: number): Promise<number> {
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return r.rows[0]?.n ?? 0;
}

/** Records one event of `key`. */
export async function recordRate(tx: Tx, key: string): Promise<void> {
  await tx.query(`INSERT INTO rate_events (key) VALUES ($1)`, [key]);
  // Keep the table small: old events of this key no longer count.
  await tx.query(`DELETE FROM rate_events WHERE key = $1 AND at < now() - interval '1 day'`, [key]);
}
