/**
 * The recurring jobs (issue 10): one list holds every recurring duty — the cluster sync, the two
 * sweepers and the invoice-mail retry that the heartbeat's timer used to run, hub pruning, and the
 * daily and monthly jobs; the inline queue of tests runs them like a worker; and with two job
 * runners on one database a periodic job runs once per period, never twice and never skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startJobRunner, type JobRunner } from '../src/jobs/boss.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { ON_DEMAND_JOBS, isPeriodic, recurringJobs } from '../src/jobs/job-schedules.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { startTestServer, type LogRecord, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  // A one-second heartbeat, so that the two runners below see several periods in a few seconds.
  s = await startTestServer({ vms: { ...loadConfig({ NODE_ENV: 'test' }).vms, heartbeatMs: 1000 } });
});
afterAll(async () => s?.stop());

describe('the job list', () => {
  it('holds every recurring duty, the heartbeat’s four at its period', () => {
    const list = recurringJobs({ heartbeatMs: 15_000 });
    expect(list.filter(isPeriodic)).toEqual([
      { name: JobName.ClusterSync, everySeconds: 15 },
      { name: JobName.VmSweepOperations, everySeconds: 15 },
      { name: JobName.OrderSweepProvisioning, everySeconds: 15 },
      { name: JobName.InvoiceMailRetry, everySeconds: 60 },
      { name: JobName.BackupsDaily, everySeconds: 60 },
      { name: JobName.NetworkSweep, everySeconds: 60 },
      { name: JobName.DedicatedSync, everySeconds: 30 },
      { name: JobName.VpnSweep, everySeconds: 30 },
      { name: JobName.RoutersSync, everySeconds: 600 },
    ]);
    expect(list.filter((j) => !isPeriodic(j)).map((j) => j.name)).toEqual([
      JobName.HubsPrune,
      JobName.VerificationPurgeDocuments,
      JobName.BillingMonthly,
      JobName.ServicesEnd,
    ]);
    // A period under a second still runs every second, never "every 0 seconds".
    expect(recurringJobs({ heartbeatMs: 300 }).filter(isPeriodic)[0]!.everySeconds).toBe(1);
  });

  it('classes every job as recurring or sent on demand, never both and never neither', () => {
    const recurring = recurringJobs({ heartbeatMs: 15_000 }).map((j) => j.name);
    expect(new Set(recurring).size).toBe(recurring.length);
    expect([...recurring, ...ON_DEMAND_JOBS].sort()).toEqual(Object.values(JobName).sort());
  });
});

describe('recurring jobs on the inline queue', () => {
  it('runs the cluster sync sent to the inline queue, as a worker would', async () => {
    await s.db.owner.query(`UPDATE clusters SET last_sync_at = NULL`);
    const logs: LogRecord[] = [];
    const deps = s.jobDeps((r) => logs.push(r));
    await deps.jobs.send(JobName.ClusterSync, {});
    await s.jobsIdle();
    const synced = await s.db.owner.query(`SELECT count(*)::int AS n FROM clusters WHERE last_sync_at IS NULL`);
    expect(synced.rows[0].n).toBe(0);
    expect(logs.filter((r) => r.level >= 50)).toEqual([]);
  });

  it('runs each of the heartbeat’s duties and hub pruning without a failure', async () => {
    for (const name of [
      JobName.ClusterSync,
      JobName.VmSweepOperations,
      JobName.OrderSweepProvisioning,
      JobName.InvoiceMailRetry,
      JobName.HubsPrune,
    ] as const) {
      const r = await runJob(name, s.jobDeps(), {});
      expect([JobStatus.Success, JobStatus.Skipped], `${name}: ${r.detail}`).toContain(r.status);
    }
  });
});

describe('periodic jobs through pg-boss', () => {
  it('runs a periodic job once per period with two runners on one database', async () => {
    const logs: LogRecord[] = [];
    const runners: JobRunner[] = [];
    try {
      // Two worker processes' runners (each with its ticker) on the server's database, a 1 s period.
      for (let i = 0; i < 2; i++)
        runners.push(
          await startJobRunner(
            s.config.databaseUrl!,
            s.jobDeps((r) => logs.push(r)),
          ),
        );
      await new Promise((r) => setTimeout(r, 4500));
    } finally {
      for (const r of runners) await r.stop();
    }
    const jobs = await s.db.owner.query<{ id: string; slot: string; state: string }>(
      `SELECT id::text, singleton_on::text AS slot, state FROM pgboss.job WHERE name = $1
       UNION ALL SELECT id::text, singleton_on::text, state FROM pgboss.archive WHERE name = $1`,
      [JobName.ClusterSync],
    );
    const slots = jobs.rows.map((j) => j.slot);
    // Each second's slot has one job, though two tickers offered it every second.
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.length).toBeLessThanOrEqual(12);
    // ... and each job ran once, in one of the two runners.
    const runs = logs.filter((r) => r.job === JobName.ClusterSync && r.msg === 'job done').map((r) => String(r.jobId));
    expect(new Set(runs).size).toBe(runs.length);
    const completed = jobs.rows.filter((j) => j.state === 'completed').map((j) => j.id);
    expect(runs.sort()).toEqual(completed.sort());
    expect(runs.length).toBeGreaterThanOrEqual(3);
  });
});
