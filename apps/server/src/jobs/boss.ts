/**
 * The job runner: pg-boss 10 on the owner's database connection, in its own schema 'pgboss' (the
 * application role has no rights there). Started by processes with the worker role; every job of
 * JOB_HANDLERS gets a queue and a worker, and the recurring ones (job-schedules.ts) their cron
 * schedule or their place on the enqueue-only ticker (recurring-ticker.ts).
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import { JOB_HANDLERS, runJob } from './job-handlers.js';
import { ON_DEMAND_JOBS, isPeriodic, recurringJobs } from './job-schedules.js';
import { startRecurringTicker } from './recurring-ticker.js';
import { errorField } from '../logger.js';
import {
  JobName,
  JobStatus,
  type HeldJobs,
  type JobDeps,
  type JobPayloads,
  type JobQueue,
  type JobResult,
  type JobServices,
} from './job-types.js';

export const BOSS_SCHEMA = 'pgboss';

/** Workers per queue in each worker process. */
const WORKERS: Record<JobName, number> = {
  [JobName.VerificationPurgeDocuments]: 1,
  [JobName.VmOperation]: 8,
  [JobName.OrderProvision]: 4,
  [JobName.BillingMonthly]: 1,
  [JobName.ServicesEnd]: 1,
  [JobName.ClusterSync]: 1,
  [JobName.VmSweepOperations]: 1,
  [JobName.OrderSweepProvisioning]: 1,
  [JobName.InvoiceMail]: 2,
  [JobName.InvoiceMailRetry]: 1,
  [JobName.HubsPrune]: 1,
  [JobName.BackupsDaily]: 1,
  [JobName.IsoDownload]: 2,
  [JobName.IpsetSync]: 2,
  [JobName.ReverseDnsPush]: 2,
  [JobName.GatewaySync]: 2,
  [JobName.NetworkSweep]: 1,
  // Each follows its server for up to the state time-out, mostly waiting: several side by side.
  [JobName.DedicatedPower]: 4,
  [JobName.DedicatedSync]: 1,
  // Each waits on a guest agent for a few seconds; one per server at a time is the lease's rule.
  [JobName.VpnPush]: 2,
  [JobName.VpnSweep]: 1,
  [JobName.RoutersSync]: 1,
  [JobName.RoutersRebuild]: 1,
};

/**
 * A periodic job's queue: 'stately' keeps at most one waiting behind a running one (a run longer
 * than its period delays the next instead of piling them up); one quick retry, since the next
 * period runs it anyway.
 */
const PERIODIC: Omit<PgBoss.Queue, 'name'> = { policy: 'stately', retryLimit: 1, retryDelay: 1, expireInSeconds: 300 };

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
  [JobName.ClusterSync]: PERIODIC,
  [JobName.VmSweepOperations]: PERIODIC,
  [JobName.OrderSweepProvisioning]: PERIODIC,
  // One mail per invoice (its claim makes a second run a no-op); SMTP away is retried with backoff.
  [JobName.InvoiceMail]: { policy: 'standard', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  [JobName.InvoiceMailRetry]: { ...PERIODIC, expireInSeconds: 900 },
  [JobName.HubsPrune]: { policy: 'singleton', retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  [JobName.BackupsDaily]: PERIODIC,
  // A download of several GB; the run keeps the image's progress and restarts it when retried.
  [JobName.IsoDownload]: { policy: 'standard', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 4 * 3600 },
  // Pushes to a cluster, the DNS or a gateway: quick, idempotent, retried with backoff while the far side is away.
  [JobName.IpsetSync]: { policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  [JobName.ReverseDnsPush]: { policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  [JobName.GatewaySync]: { policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  [JobName.NetworkSweep]: PERIODIC,
  // A BMC away is retried with backoff; the job's row makes a re-run follow instead of resending.
  [JobName.DedicatedPower]: { policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  [JobName.DedicatedSync]: PERIODIC,
  // A guest agent away (the VM stopped, still booting) is retried with backoff for about twenty
  // minutes; after that the sweep sends the push again once the server runs.
  [JobName.VpnPush]: { policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  [JobName.VpnSweep]: PERIODIC,
  [JobName.RoutersSync]: PERIODIC,
  // A rebuild reads the routers once; a router away is recorded as such, so there is nothing to retry.
  [JobName.RoutersRebuild]: { policy: 'standard', retryLimit: 1, retryDelay: 5, expireInSeconds: 300 },
};

/**
 * A worker's runner is also its queue. `pause` takes no new jobs (those running go on, sending
 * still works); `stop` lets running jobs finish for up to `timeoutMs` (default 30 s) — a job still
 * running then is failed, so pg-boss retries it on another worker — and closes the connections.
 */
export interface JobRunner extends JobQueue, HeldJobs {
  pause(): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
}

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

/** How long a failed run waits at most for the database before handing its failure to pg-boss. */
const DATABASE_WAIT_MS = 120_000;

/** Resolves once the database answers (at once when it does), or after DATABASE_WAIT_MS, or when stopping. */
export async function untilDatabaseAnswers(pool: pg.Pool, stopping: () => boolean, waitMs = DATABASE_WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const ok = await pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (ok || stopping() || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts pg-boss (creating or migrating its schema), the workers, the cron schedules and the
 * ticker of the periodic jobs. Handlers get `services` and this runner as their queue; each run
 * logs through a child of the logger bound to the job's name and id.
 */
export async function startJobRunner(ownerUrl: string, services: JobServices): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, application_name: 'portside-worker', max: 6 });
  const logger = services.logger.child({ component: 'jobs' });
  let stopping = false;
  // While stopping, connections closing under pg-boss are expected, not news.
  boss.on('error', (e) => stopping || logger.error({ err: e.message }, 'pg-boss error'));
  const send: JobQueue['send'] = (name, data, opts) =>
    boss.send(name, data as object, opts?.singletonKey ? { singletonKey: opts.singletonKey } : {});
  const deps: JobDeps = { ...services, jobs: { send } };
  // The jobs this process runs now, listed in its heartbeat (worker-heartbeat.ts).
  const held = new Set<string>();
  const recurring = recurringJobs(services.vms);
  const periodic = new Set(recurring.filter(isPeriodic).map((j) => j.name));
  await withBossSetupLock(ownerUrl, async () => {
    await boss.start();
    // Idempotent: an existing queue is left as it is.
    for (const name of Object.keys(JOB_HANDLERS) as JobName[]) await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
  });
  const runOne = async (name: JobName, job: PgBoss.Job<JobPayloads[JobName]>): Promise<JobResult> => {
    const jobLogger = logger.child({ job: name, jobId: job.id });
    const result = await runJob(name, { ...deps, logger: jobLogger }, job.data).catch((e: unknown): JobResult => ({
      status: JobStatus.Failed,
      detail: errorField(e),
    }));
    const fields = { status: result.status, detail: result.detail };
    // Periodic runs come every few seconds: only their failures are news at the default level.
    if (result.status === JobStatus.Failed) jobLogger.warn(fields, 'job failed');
    else if (periodic.has(name)) jobLogger.debug(fields, 'job done');
    else jobLogger.info(fields, 'job done');
    // A failed run throws so the queue retries it; the others complete with their result. A
    // run that failed because the database went away first waits for it to come back: pg-boss
    // can only record the failure (and schedule the retry) in the database, and a job it could
    // not record stays active until it expires — which for a periodic job blocks its queue.
    if (result.status === JobStatus.Failed) {
      await untilDatabaseAnswers(services.db.owner, () => stopping);
      throw new Error(result.detail ?? 'failed');
    }
    return result;
  };
  for (const name of Object.keys(JOB_HANDLERS) as JobName[]) {
    // Each worker takes one job at a time; VM operations wait on their cluster, so several run side by side.
    // Jobs a user waits for are polled every half second, the scheduled ones every second.
    const pollingIntervalSeconds = ON_DEMAND_JOBS.includes(name) ? 0.5 : 1;
    for (let w = 0; w < WORKERS[name]; w++)
      await boss.work<JobPayloads[typeof name]>(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (!job) return undefined;
        // Listed while it runs. pg-boss records the end a few ms later; failed by a heartbeat in
        // between, it would run once more and find its work done (handlers claim it first).
        held.add(job.id);
        try {
          return await runOne(name, job);
        } finally {
          held.delete(job.id);
        }
      });
  }
  for (const job of recurring) if (!isPeriodic(job)) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  const ticker = startRecurringTicker(
    recurring.filter(isPeriodic),
    (job) => boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.everySeconds }),
    (job, err) =>
      stopping || logger.warn({ job: job.name, err: errorField(err) }, 'periodic job not offered; offered again next tick'),
  );
  const pause = async () => {
    stopping = true;
    await ticker.stop();
    for (const name of Object.keys(JOB_HANDLERS) as JobName[]) await boss.offWork(name);
  };
  return {
    send,
    pause,
    heldJobs: () => [...held],
    failJobs: async (name, ids) => {
      for (const id of ids) await boss.fail(name, id, { message: 'its worker process is gone' });
    },
    stop: async (timeoutMs = 30_000) => {
      await pause();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
