import { loadConfig } from './config.js';
import { bootDatabase } from './db/boot.js';
import { createMailer } from './drivers/mail/mailer.js';
import { createStorage } from './drivers/storage/create-storage.js';
import { buildApp, defaultHypervisors } from './app/build-app.js';
import { startJobRunner } from './jobs/boss.js';
import type { JobDeps } from './jobs/job-types.js';
import { startJobProducer } from './jobs/queue.js';
import { startHeartbeat } from './modules/vms/vm-heartbeat.js';

/**
 * Starts the portal: database (embedded unless DATABASE_URL), then by PORTSIDE_ROLES the API and
 * SPA on PORT (api) and the job runner (worker); both by default.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (m: string) => console.log(`[portside] ${m}`);
  if (config.databaseUrl && !config.appDatabaseUrl) {
    log(
      'note: without APP_DATABASE_URL the server logs in with DATABASE_URL and switches to the portside_app role; give portside_app its own login for full separation',
    );
  }
  const booted = await bootDatabase(config, (m) => (/ERROR|FATAL|migrations|seeded/.test(m) ? log(m) : undefined));
  const mailer = createMailer(booted.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const storage = createStorage(config);
  const hypervisors = defaultHypervisors(config, booted.db, booted.secrets);
  const jobDeps: JobDeps = { db: booted.db, storage, log, hypervisors, vms: config.vms, mailer, secrets: booted.secrets, config };
  // A worker process runs the jobs (and sends its own); an api-only process only sends them.
  const jobs = config.roles.includes('worker') ? await startJobRunner(booted.ownerUrl, jobDeps) : null;
  const producer = jobs ? null : await startJobProducer(booted.ownerUrl, log);
  const queue = jobs ?? producer!;
  const heartbeat = jobs ? startHeartbeat(jobDeps, queue, config.vms.heartbeatMs) : null;
  const app = config.roles.includes('api')
    ? await buildApp({ config, db: booted.db, secrets: booted.secrets, mailer, storage, hypervisors, jobs: queue })
    : null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await heartbeat?.stop().catch(() => {});
    await jobs?.stop().catch(() => {});
    await producer?.stop().catch(() => {});
    await app?.close().catch(() => {});
    await booted.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (jobs) log('worker: running jobs (pg-boss, schema pgboss)');
  if (!app) return;
  await app.listen({ port: config.port, host: config.host });
  log(
    `listening on http://localhost:${config.port}${config.databaseUrl ? '' : ' (embedded PostgreSQL in ' + config.dataDir + ')'}`,
  );
  if (config.devMailbox)
    log(`mails go to the developer mailbox, readable on this machine only: http://localhost:${config.port}/dev/mailbox`);
}

main().catch((e) => {
  console.error('[portside] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
