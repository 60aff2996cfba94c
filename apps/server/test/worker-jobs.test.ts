/**
 * Jobs a dead worker process left active (migration 0048): each worker lists the pg-boss jobs it
 * runs in its heartbeat, and fails those nobody alive runs once their process's heartbeat is stale,
 * so pg-boss retries them at once. Without it a periodic job's 'stately' queue takes no new run
 * until the dead run expires (minutes): the VM operation sweep, the cluster heartbeat and the rest.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, QUEUE_OPTIONS } from '../src/jobs/boss.js';
import { JobName } from '../src/jobs/job-types.js';
import { findOrphanedJobs, startWorkerHeartbeat } from '../src/jobs/worker-heartbeat.js';
import { createTestDatabase } from './harness.js';

const SWEEP = JobName.VmSweepOperations;
const OPS = JobName.VmOperation;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let boss: PgBoss;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 4 });
  boss = new PgBoss({ connectionString: db.ownerUrl, schema: BOSS_SCHEMA, supervise: false, schedule: false, max: 2 });
  await boss.start();
  for (const name of [SWEEP, OPS]) await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true, timeout: 5_000 });
  await pool?.end();
  await db?.drop();
});
beforeEach(async () => {
  await pool.query(`DELETE FROM ${BOSS_SCHEMA}.job`);
  await pool.query(`DELETE FROM worker_heartbeats`);
});

/** A job as a worker holds it: sent, then active since `startedAgoS` seconds. */
async function activeJob(name: JobName, startedAgoS: number): Promise<string> {
  const id = (await boss.send(name, {}))!;
  await pool.query(
    `UPDATE ${BOSS_SCHEMA}.job SET state = 'active', started_on = now() - make_interval(secs => $2) WHERE id = $1`,
    [id, startedAgoS],
  );
  return id;
}

/** Another process's heartbeat, `seenAgoS` seconds old, listing `jobs` (null: a process that does not list them). */
const heartbeat = (pid: number, seenAgoS: number, jobs: string[] | null) =>
  pool.query(
    `INSERT INTO worker_heartbeats (host, pid, roles, jobs, seen_at)
       VALUES ('other-host', $1, '{worker}', $2::uuid[], now() - make_interval(secs => $3))`,
    [pid, jobs, seenAgoS],
  );

const stateOf = async (id: string) =>
  (await pool.query<{ state: string }>(`SELECT state FROM ${BOSS_SCHEMA}.job WHERE id = $1`, [id])).rows[0]?.state;

describe('jobs of dead worker processes', () => {
  it('finds the active jobs no live process lists, once they are older than the stale time', async () => {
    const dead = await activeJob(SWEEP, 60);
    const live = await activeJob(OPS, 60);
    const young = await activeJob(OPS, 1);
    const unlisted = await activeJob(OPS, 60);
    await boss.send(OPS, {}); // waiting, not active
    await heartbeat(1, 60, [dead]);
    await heartbeat(2, 1, [live]);

    const found = await findOrphanedJobs(pool, 10_000);
    expect(found).toEqual([
      { name: OPS, ids: [unlisted] },
      { name: SWEEP, ids: [dead] },
    ]);
    expect(found.flatMap((f) => f.ids)).not.toContain(young);
  });

  it('finds none while a live process does not list its jobs (an older version during an upgrade)', async () => {
    await activeJob(SWEEP, 60);
    await heartbeat(1, 1, null);
    expect(await findOrphanedJobs(pool, 10_000)).toEqual([]);
    await pool.query(`UPDATE worker_heartbeats SET seen_at = now() - interval '1 minute'`);
    expect(await findOrphanedJobs(pool, 10_000)).toHaveLength(1);
  });

  it('fails a dead process’s periodic job, so that its queue runs again, and leaves a live one’s alone', async () => {
    const dead = await activeJob(SWEEP, 60);
    const live = await activeJob(OPS, 60);
    await heartbeat(1, 60, [dead]);
    await heartbeat(2, 0, [live]);
    // While the dead run counts as active, its stately queue starts no other run.
    const waiting = (await boss.send(SWEEP, {}))!;
    expect(await boss.fetch(SWEEP)).toEqual([]);
    expect(await stateOf(waiting)).toBe('created');
    // The other live process keeps beating.
    const keepAlive = setInterval(
      () => void pool.query(`UPDATE worker_heartbeats SET seen_at = now() WHERE pid = 2 AND host = 'other-host'`),
      100,
    );
    const failed: Array<{ id: string; afterMs: number }> = [];
    const mine = await activeJob(OPS, 60);
    const startedAt = Date.now();
    const hb = startWorkerHeartbeat(pool, ['worker'], {
      staleMs: 3_000,
      everyMs: 100,
      jobs: {
        heldJobs: () => [mine],
        failJobs: async (name, ids) => {
          for (const id of ids) {
            failed.push({ id, afterMs: Date.now() - startedAt });
            await boss.fail(name, id, { message: 'gone' });
          }
        },
      },
    });
    try {
      // The beat lists what this process runs.
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                `SELECT jobs::text[] AS jobs FROM worker_heartbeats WHERE roles = '{worker}' AND host <> 'other-host'`,
              )
            ).rows,
          { timeout: 10_000, interval: 50 },
        )
        .toEqual([{ jobs: [mine] }]);

      await expect.poll(() => stateOf(dead), { timeout: 15_000, interval: 50 }).toBe('retry');
      await new Promise((r) => setTimeout(r, 300));
      // Failed once, and only after this process had beaten for the stale time itself.
      expect(failed.map((f) => f.id)).toEqual([dead]);
      expect(failed[0]!.afterMs).toBeGreaterThanOrEqual(3_000);
      expect(await stateOf(live)).toBe('active');
      expect(await stateOf(mine)).toBe('active');

      // The stately queue runs again.
      const [next] = await boss.fetch(SWEEP);
      expect(next?.id).toBe(waiting);
    } finally {
      clearInterval(keepAlive);
      await hb.stop();
    }
    expect((await pool.query(`SELECT 1 FROM worker_heartbeats WHERE host <> 'other-host'`)).rowCount).toBe(0);
  });
});
