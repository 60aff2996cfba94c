/**
 * Durable VM operations (issue 4 'Tests and measures'): 50 start operations go to a real worker
 * process (pg-boss on the test database); the worker is killed with SIGKILL mid-way and a new one
 * started. Every operation must finish exactly once: all succeed, every VM runs, and the simulated
 * cluster saw exactly one start task per VM — a run taken over after the crash follows the task
 * the dead worker recorded instead of starting another. The dead worker's operation sweep is left
 * active too: the new worker fails it once the dead one's heartbeat is stale (worker-heartbeat.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobName } from '../src/jobs/job-types.js';
import { startJobProducer, type JobQueue } from '../src/jobs/queue.js';
import { silentLogger } from '../src/logger.js';
import { createTestDatabase, DEMO_USERS } from './harness.js';
import { createTestVm } from './vm-factories.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const COUNT = 50;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let producer: JobQueue | null = null;
const workers: ChildProcess[] = [];
const dirs: string[] = [];

async function startWorker(): Promise<ChildProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-worker-'));
  dirs.push(dataDir);
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.ownerUrl,
      APP_DATABASE_URL: db.appUrl,
      DATA_DIR: dataDir,
      PORTSIDE_ROLES: 'worker',
      SEED: 'off',
      NODE_ENV: 'test',
      SIM_TASK_MS: '400',
      VM_POLL_MS: '50',
      HEARTBEAT_MS: '300',
      // A dead worker's jobs are failed (and retried) once its heartbeat is this old.
      WORKER_HEARTBEAT_STALE_MS: '3000',
      // The start-up line the test waits for is an info line of the process's logger.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  proc.stdout.on('data', (d) => out.push(String(d)));
  proc.stderr.on('data', (d) => out.push(String(d)));
  workers.push(proc);
  const until = Date.now() + 40_000;
  while (!out.join('').includes('worker: running jobs')) {
    if (proc.exitCode !== null) throw new Error(`worker exited: ${out.join('')}`);
    if (Date.now() > until) throw new Error(`worker did not start: ${out.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].n);

async function waitFor(what: string, test: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 4 });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await producer?.stop().catch(() => {});
  await pool?.end();
  await db?.drop();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('VM operation jobs survive a killed worker', () => {
  it(`finishes each of ${COUNT} operations exactly once across a SIGKILL and a restart`, async () => {
    const clientId = (await pool.query(`SELECT client_id FROM users WHERE email = $1`, [DEMO_USERS.demo.email])).rows[0]
      .client_id as string;
    const vms: Array<{ provisionedId: number; vmid: number }> = [];
    for (let i = 0; i < COUNT; i++)
      vms.push(await createTestVm({ owner: pool }, { clientId, name: `dur-${i}`, cluster: i % 2 ? 'fra-sim' : 'lis-sim' }));
    const ids = vms.map((v) => v.provisionedId);

    const first = await startWorker();
    producer = await startJobProducer(db.ownerUrl, silentLogger);
    for (const v of vms) {
      const op = await pool.query<{ id: string }>(
        `INSERT INTO vm_operations (client_id, provisioned_id, action) VALUES ($1, $2, 'start') RETURNING id`,
        [clientId, v.provisionedId],
      );
      await pool.query(`UPDATE vms SET power_status = 'PRE-START' WHERE provisioned_id = $1`, [v.provisionedId]);
      await producer.send(JobName.VmOperation, { operationId: op.rows[0]!.id });
    }

    // Kill the worker while operations are in flight: some done, some with a recorded cluster task.
    await waitFor(
      'the first operations',
      async () =>
        (await count(`SELECT count(*) AS n FROM vm_operations WHERE status = 'succeeded' AND provisioned_id = ANY($1)`, [ids])) >=
        8,
      30_000,
    );
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const openAtKill = await count(
      `SELECT count(*) AS n FROM vm_operations WHERE status <> 'succeeded' AND provisioned_id = ANY($1)`,
      [ids],
    );
    expect(openAtKill).toBeGreaterThan(0);
    // Whether or not the dead worker was running the operation sweep when it was killed, make it
    // so: a run of it left active, with which the sweep's stately queue starts no other run. The
    // operations the dead worker held are sent again only by the sweep, once its run is failed.
    await producer.send(JobName.VmSweepOperations, {}, { singletonKey: JobName.VmSweepOperations });
    await pool.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute'
        WHERE id = (SELECT id FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on DESC LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'active')`,
      [JobName.VmSweepOperations],
    );
    expect(
      await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state = 'active'`, [JobName.VmSweepOperations]),
    ).toBe(1);

    await startWorker();
    await waitFor(
      'every operation',
      async () =>
        (await count(
          `SELECT count(*) AS n FROM vm_operations WHERE status IN ('queued','running') AND provisioned_id = ANY($1)`,
          [ids],
        )) === 0,
      60_000,
    );

    const ops = await pool.query(
      `SELECT status, count(*)::int AS n FROM vm_operations WHERE provisioned_id = ANY($1) GROUP BY status`,
      [ids],
    );
    expect(ops.rows).toEqual([{ status: 'succeeded', n: COUNT }]);
    expect(await count(`SELECT count(*) AS n FROM vms WHERE provisioned_id = ANY($1) AND power_status = 'RUNNING'`, [ids])).toBe(
      COUNT,
    );
    const tasks = await pool.query(`SELECT vmid, count(*)::int AS n FROM sim_tasks WHERE vmid = ANY($1) GROUP BY vmid`, [
      vms.map((v) => v.vmid),
    ]);
    expect(tasks.rows).toHaveLength(COUNT);
    expect(tasks.rows.filter((t) => t.n !== 1)).toEqual([]);
  }, 150_000);
});
