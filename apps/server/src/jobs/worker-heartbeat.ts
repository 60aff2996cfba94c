/**
 * The worker heartbeat (issue 19): a process with the worker role notes every few seconds that it
 * lives (host, pid, roles) in worker_heartbeats, so /readyz of any instance can tell whether jobs
 * are being run. A chained time-out, not an interval: a slow database never stacks writes up.
 */
import os from 'node:os';
import type pg from 'pg';

/** How often a worker writes its heartbeat. */
export const WORKER_BEAT_MS = 5_000;

export interface WorkerHeartbeat {
  /** Stops beating and removes this process's row (best effort). */
  stop(): Promise<void>;
}

/** Writes this process's heartbeat now and every `everyMs`; failures (the database away) are tried again next beat. */
export function startWorkerHeartbeat(owner: pg.Pool, roles: readonly string[], everyMs = WORKER_BEAT_MS): WorkerHeartbeat {
  const host = os.hostname();
  const pid = process.pid;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const beat = () => {
    running = owner
      .query(
        `INSERT INTO worker_heartbeats (host, pid, roles) VALUES ($1, $2, $3)
           ON CONFLICT (host, pid) DO UPDATE SET roles = EXCLUDED.roles, seen_at = now()`,
        [host, pid, roles],
      )
      // Rows of processes gone for a day are of no use to anybody.
      .then(() => owner.query(`DELETE FROM worker_heartbeats WHERE seen_at < now() - interval '1 day'`))
      .catch(() => undefined)
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
