/**
 * Sending jobs from request handlers. An rpc that starts long work records its intent in the
 * database, commits, and hands the job to a {@link JobQueue}; it never waits for the work.
 * - {@link startJobProducer}: pg-boss, for api processes (the jobs run in worker processes).
 * - {@link inlineQueue}: runs the handler in this process in the background — for tests, which do
 *   not start pg-boss, and nothing else.
 * Lost sends are not lost work: the intent is in the database and the recurring sweeps
 * (job-schedules.ts) re-send operations, ordered servers and invoice mails never picked up.
 */
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA, QUEUE_OPTIONS, withBossSetupLock } from './boss.js';
import { runJob } from './job-handlers.js';
import { JobName, type JobQueue, type JobServices } from './job-types.js';
import { errorField, type Logger } from '../logger.js';

// The interface lives with the job catalogue, so that the request context (http/access.ts) can
// name it without importing the handlers this file runs; re-exported for the senders.
export type { JobQueue } from './job-types.js';

/** A pg-boss producer: creates the queues if needed, sends, runs nothing. */
export async function startJobProducer(ownerUrl: string, logger: Logger): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: BOSS_SCHEMA,
    application_name: 'portside-api',
    max: 2,
    supervise: false,
    schedule: false,
  });
  let stopping = false;
  boss.on('error', (e) => stopping || logger.error({ component: 'jobs', err: e.message }, 'pg-boss error'));
  await withBossSetupLock(ownerUrl, async () => {
    await boss.start();
    for (const name of Object.values(JobName)) await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
  });
  return {
    send: (name, data, opts) => boss.send(name, data as object, opts?.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    },
  };
}

/**
 * Runs each job at once in this process, in the background, with itself as the jobs' queue (the
 * recurring jobs too, when sent by hand); `idle()` waits for all of them.
 */
export function inlineQueue(services: () => JobServices): JobQueue & { idle(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const queue: JobQueue & { idle(): Promise<void> } = {
    async send(name, data) {
      const deps = { ...services(), jobs: queue };
      const p = Promise.resolve()
        .then(() => runJob(name, deps, data))
        .catch((e: unknown) => deps.logger.error({ job: name, err: errorField(e) }, 'job failed'))
        .finally(() => running.delete(p));
      running.add(p);
      return null;
    },
    async stop() {
      await Promise.allSettled([...running]);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
  return queue;
}
