/**
 * bench/scale.ts's queue drain: VM operations already queued (pg-boss jobs and their vm_operations
 * rows) drained by separate worker processes (`PORTSIDE_ROLES=worker`, the real main.ts) on the
 * bench's database, and the proof that none was lost or run twice: every operation succeeded once
 * and the simulated cluster ran exactly one start task per server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DrainResult {
  workers: number;
  /** From starting the workers until every operation ended, s (their start-up included). */
  totalSecs: number;
  /** From the first operation taken to the last one ended, s. */
  runSecs: number;
  succeeded: number;
  failed: number;
  open: number;
  /** Servers whose start task the simulated cluster ran other than exactly once. */
  notOnce: number;
  /** Operations that needed more than one run (a retry is allowed; a second start task is not). */
  retried: number;
}

/** Starts one worker process of the real server on the database at `ownerUrl`. */
function startWorker(ownerUrl: string, dataDir: string, simTaskMs: number, output: string[]): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORTSIDE_ROLES: 'worker',
      DATABASE_URL: ownerUrl,
      DATA_DIR: dataDir,
      SIM_TASK_MS: String(simTaskMs),
      SEED: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => output.push(String(d)));
  proc.stderr.on('data', (d) => output.push(String(d)));
  return proc;
}

async function stopWorker(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Drains the open operations of the servers named `like` with `workers` worker processes. */
export async function drainWithWorkers(
  owner: pg.Pool,
  o: { ownerUrl: string; dataDir: string; workers: number; simTaskMs: number; like: string; timeoutMs: number },
): Promise<DrainResult> {
  const output: string[] = [];
  const t0 = performance.now();
  const procs = Array.from({ length: o.workers }, () => startWorker(o.ownerUrl, o.dataDir, o.simTaskMs, output));
  try {
    for (;;) {
      const r = await owner.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM vm_operations op JOIN vms v USING (provisioned_id)
          WHERE v.name LIKE $1 AND op.status IN ('queued', 'running')`,
        [o.like],
      );
      if (r.rows[0]!.open === 0) break;
      const dead = procs.find((p) => p.exitCode !== null);
      if (dead) throw new Error(`a worker exited (${dead.exitCode}): ${output.join('').slice(-2000)}`);
      if (performance.now() - t0 > o.timeoutMs) break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const totalSecs = (performance.now() - t0) / 1000;
    const s = await owner.query<Omit<DrainResult, 'workers' | 'totalSecs' | 'notOnce'>>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open,
              count(*) FILTER (WHERE attempts > 1)::int AS retried,
              extract(epoch FROM max(finished_at) - min(started_at))::float AS "runSecs"
         FROM vm_operations op JOIN vms v USING (provisioned_id) WHERE v.name LIKE $1`,
      [o.like],
    );
    const once = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vms v
        WHERE v.name LIKE $1 AND EXISTS (SELECT 1 FROM vm_operations op WHERE op.provisioned_id = v.provisioned_id)
          AND (SELECT count(*) FROM sim_tasks t WHERE t.vmid = v.vmid AND t.node = v.node AND t.type = 'qmstart') <> 1`,
      [o.like],
    );
    return { workers: o.workers, totalSecs, notOnce: once.rows[0]!.n, ...s.rows[0]! };
  } finally {
    await Promise.all(procs.map(stopWorker));
  }
}
