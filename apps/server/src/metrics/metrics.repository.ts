/** The scrape-time reads of /metrics (issue 19), through the owner connection (pg-boss's schema, every cluster). */
import type pg from 'pg';

/** Jobs waiting (created, retry), running and failed, per queue name, in pg-boss's table. */
export async function jobCounts(owner: pg.Pool): Promise<Array<{ name: string; state: string; n: number }>> {
  const r = await owner.query<{ name: string; state: string; n: number }>(
    `SELECT name, CASE WHEN state IN ('created', 'retry') THEN 'queued' ELSE state::text END AS state, count(*)::int AS n
       FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
  );
  return r.rows;
}

/** Seconds since the heartbeat last reached each cluster (clusters never reached are left out). */
export async function clusterHeartbeatLags(owner: pg.Pool): Promise<Array<{ cluster: string; lag: number }>> {
  const r = await owner.query<{ cluster: string; lag: number }>(
    `SELECT name AS cluster, extract(epoch FROM now() - last_sync_at)::float8 AS lag FROM clusters WHERE last_sync_at IS NOT NULL`,
  );
  return r.rows;
}

/** Mails in the outbox not sent yet. */
export async function queuedMails(owner: pg.Pool): Promise<number> {
  const r = await owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`);
  return r.rows[0]?.n ?? 0;
}
