/** What /readyz reads (issue 19): the applied migrations and the newest worker heartbeat, through the owner connection. */
import type pg from 'pg';

/** The names node-pg-migrate recorded as applied. */
export async function appliedMigrations(owner: pg.Pool): Promise<Set<string>> {
  const r = await owner.query<{ name: string }>(`SELECT name FROM pgmigrations`);
  return new Set(r.rows.map((row) => row.name));
}

/** Seconds since the newest worker heartbeat, or null when no worker ever wrote one. */
export async function workerHeartbeatAge(owner: pg.Pool): Promise<number | null> {
  const r = await owner.query<{ age: number | null }>(
    `SELECT extract(epoch FROM now() - max(seen_at))::float8 AS age FROM worker_heartbeats`,
  );
  return r.rows[0]?.age ?? null;
}
