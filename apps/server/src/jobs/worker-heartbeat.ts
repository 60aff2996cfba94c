/**
 * The worker heartbeat (issue 19): a process with the worker role notes every few seconds that it
 * lives (host, pid, roles) in worker_heartbeats, so /readyz of any instance can tell whether jobs
 * are being run. A chained time-out, not an interval: a slow database never stacks writes up.
 *
 * The beat also lists the pg-boss jobs the process runs, and after it the process fails the jobs
 * a dead process left active (migration 0048): pg-boss retries them at once instead of after the
 * queue's expiry. A job that is failed while its run still goes on (a process that lost its
 * database for a while) is harmless: every handler claims its work in the database first.
 */
import os from 'node:os';
import type pg from 'pg';
import { BOSS_SCHEMA } from './boss.js';
import type { HeldJobs } from './job-types.js';

/** How often a worker writes its heartbeat, at most. */
export const WORKER_BEAT_MS = 5_000;

export interface WorkerHeartbeat {
  /** Stops beating and removes this process's row (best effort). */
  stop(): Promise<void>;
}

export interface HeartbeatOptions {
  /** A heartbeat older than this means its process is gone (WORKER_HEARTBEAT_STALE_MS). */
  staleMs: number;
  jobs: HeldJobs;
  /** Default: a third of staleMs, at most WORKER_BEAT_MS. */
  everyMs?: number;
}

/**
 * Active jobs nobody runs: started more than `staleMs` ago and listed by no process whose heartbeat
 * is fresh. None while a live process does not list its jobs (an older version).
 */
export async function findOrphanedJobs(owner: pg.Pool, staleMs: number): Promise<Array<{ name: string; ids: string[] }>> {
  const r = await owner.query<{ name: string; ids: string[] }>(
    `SELECT j.name, array_agg(j.id::text ORDER BY j.started_on) AS ids
       FROM ${BOSS_SCHEMA}.job j
      WHERE j.state = 'active'
        AND j.started_on < now() - make_interval(secs => $1::double precision / 1000)
        AND NOT EXISTS (
              SELECT 1 FROM worker_heartbeats h
               WHERE h.seen_at >= now() - make_interval(secs => $1::double precision / 1000)
                 AND (h.jobs IS NULL OR j.id = ANY (h.jobs)))
      GROUP BY j.name ORDER BY j.name`,
    [staleMs],
  );
  return r.rows;
}

/**
 * Writes this process's heartbeat now and every `everyMs`; failures (the database away) are tried
 * again next beat. Orphaned jobs are failed only once this process has beaten without a failure
 * for `staleMs`: after the database was away, every live process has had time to beat again.
 */
export function startWorkerHeartbeat(owner: pg.Pool, roles: readonly string[], o: HeartbeatOptions): WorkerHeartbeat {
  const host = os.hostname();
  const pid = process.pid;
  const everyMs = o.everyMs ?? Math.min(WORKER_BEAT_MS, Math.floor(o.staleMs / 3));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let healthySince: number | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const failOrphans = async () => {
    if (healthySince === null || Date.now() - healthySince < o.staleMs) return;
    for (const { name, ids } of await findOrphanedJobs(owner, o.staleMs)) await o.jobs.failJobs(name, ids);
  };
  const beat = () => {
    running = owner
      .query(
        `INSERT INTO worker_heartbeats (host, pid, roles, jobs) VALUES ($1, $2, $3, $4::uuid[])
           ON CONFLICT (host, pid) DO UPDATE SET roles = EXCLUDED.roles, jobs = EXCLUDED.jobs, seen_at = now()`,
        [host, pid, roles, o.jobs.heldJobs()],
      )
      .then(() => {
        healthySince ??= Date.now();
      })
      // Rows of processes gone for a day are of no use to anybody.
      .then(() => owner.query(`DELETE FROM worker_heartbeats WHERE seen_at < now() - interval '1 day'`))
      .then(failOrphans)
      .catch(() => {
        healthySince = null;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(beat, everyMs);
      });
  };
  beat();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await owner.query(`DELETE FROM worker_heartbeats WHERE host = $1 AND pid = $2`, [host, pid]).catch(() => undefined);
    },
  };
}
