/**
 * The job runner: pg-boss 10 on the owner's database connection, in its own schema 'pgboss' (the
 * application role has no rights there). Started by processes with the worker role; every job of
 * JOB_HANDLERS gets a queue and a worker, and the recurring ones their schedule.
 */
import PgBoss from 'pg-boss';
import { JOB_HANDLERS, JOB_SCHEDULES, runJob } from './job-handlers.js';
import { JobName, JobStatus, type JobDeps, type JobPayloads } from './job-types.js';

export const BOSS_SCHEMA = 'pgboss';

export interface JobRunner {
  /** Enqueues a job now. */
  send<T extends JobName>(name: T, data: JobPayloads[T]): Promise<string | null>;
  /** Stops taking jobs, lets running ones finish (up to 30 s) and closes the connections. */
  stop(): Promise<void>;
}

/** Starts pg-boss (creating or migrating its schema), the workers and the schedules. */
export async function startJobRunner(ownerUrl: string, deps: JobDeps): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, application_name: 'portside-worker', max: 4 });
  let stopping = false;
  // While stopping, connections closing under pg-boss are expected, not news.
  boss.on('error', (e) => stopping || deps.log(`jobs: ${e.message}`));
  await boss.start();
  for (const name of Object.keys(JOB_HANDLERS) as JobName[]) {
    // Idempotent: an existing queue is left as it is. 'singleton': one run of a job at a time.
    await boss.createQueue(name, { name, policy: 'singleton', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 });
    await boss.work<JobPayloads[typeof name]>(name, { batchSize: 1 }, async ([job]) => {
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
    send: (name, data) => boss.send(name, data as object),
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
