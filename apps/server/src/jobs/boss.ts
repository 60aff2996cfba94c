/**
 * The job runner: pg-boss 10 on the owner's database connection, in its own schema 'pgboss' (the
 * application role has no rights there). Started by processes with the worker role; every job of
 * JOB_HANDLERS gets a queue and a worker, and the recurring ones their schedule.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import { JOB_HANDLERS, JOB_SCHEDULES, runJob } from './job-handlers.js';
import { JobName, JobStatus, type JobDeps, type JobPayloads, type JobQueue } from './job-types.js';

export const BOSS_SCHEMA = 'pgboss';

/** Workers per queue in each worker process. */
const WORKERS: Record<JobName, number> = {
  [JobName.VerificationPurgeDocuments]: 1,
  [JobName.VmOperation]: 8,
  [JobName.OrderProvision]: 4,
  [JobName.BillingMonthly]: 1,
  [JobName.ServicesEnd]: 1,
};

/**
 * Queue settings per job. The daily purge runs once at a time ('singleton'); VM operations run in
 * parallel (one per VM is the database's rule, not the queue's), retried with backoff, and expire
 * well after the 120 s state time-out so a live worker is never overtaken.
 */
export const QUEUE_OPTIONS: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  [JobName.VerificationPurgeDocuments]: {
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
  [JobName.VmOperation]: { policy: 'standard', retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 },
  // A full clone and a first boot take minutes; the run keeps its own lease on the item.
  [JobName.OrderProvision]: { policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 },
  // Idempotent per account and month, so a retry after a failed account only issues what is missing.
  [JobName.BillingMonthly]: { policy: 'singleton', retryLimit: 5, retryDelay: 600, retryBackoff: true, expireInSeconds: 3600 },
  // Removes ended servers one step after another (each up to the 120 s state time-out): a long run.
  [JobName.ServicesEnd]: { policy: 'singleton', retryLimit: 3, retryDelay: 900, retryBackoff: true, expireInSeconds: 4 * 3600 },
};

/** A worker's runner is also its queue; `stop` lets running jobs finish (up to 30 s) and closes the connections. */
export type JobRunner = JobQueue;

/**
 * Runs pg-boss's set-up (schema, migrations, queues) under a session advisory lock, so processes
 * starting at the same moment on one database (an api and a worker, two api instances) take turns
 * instead of deadlocking on its DDL.
 */
export async function withBossSetupLock<T>(ownerUrl: string, fn: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ownerUrl, application_name: 'portside-boss-setup' });
  await c.connect();
  try {
    await c.query(`SELECT pg_advisory_lock(hashtext('portside.pgboss.setup'))`);
    return await fn();
  } finally {
    await c.end().catch(() => {});
  }
}

/** Starts pg-boss (creating or migrating its schema), the workers and the schedules. */
export async function startJobRunner(ownerUrl: string, deps: JobDeps): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, application_name: 'portside-worker', max: 6 });
  let stopping = false;
  // While stopping, connections closing under pg-boss are expected, not news.
  boss.on('error', (e) => stopping || deps.log(`jobs: ${e.message}`));
  await withBossSetupLock(ownerUrl, async () => {
    await boss.start();
    // Idempotent: an existing queue is left as it is.
    for (const name of Object.keys(JOB_HANDLERS) as JobName[]) await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
  });
  for (const name of Object.keys(JOB_HANDLERS) as JobName[]) {
    // Each worker takes one job at a time; VM operations wait on their cluster, so several run side by side.
    for (let w = 0; w < WORKERS[name]; w++)
      await boss.work<JobPayloads[typeof name]>(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (!job) return undefined;
        const result = await runJob(name, deps, job.data);
        deps.log(`job ${name} ${job.id}: ${result.status}${result.detail ? ` (${result.detail})` : ''}`);
        // A failed run throws so the queue retries it; the others complete with their result.
        if (result.status === JobStatus.Failed) throw new Error(result.detail ?? 'failed');
        return result;
      });
  }
  for (const { name, cron } of JOB_SCHEDULES) await boss.schedule(name, cron, {}, { tz: 'UTC' });
  return {
    send: (name, data, opts) => boss.send(name, data as object, opts?.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
