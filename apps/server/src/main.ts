import { loadConfig } from './config.js';
import { bootDatabase } from './db/boot.js';
import { createMailer } from './drivers/mail/mailer.js';
import { createStorage } from './drivers/storage/create-storage.js';
import { buildApp } from './http/app.js';
import { startJobRunner } from './jobs/boss.js';

/**
 * Starts the portal: database (embedded unless DATABASE_URL), then by PORTSIDE_ROLES the API and
 * SPA on PORT (api) and the job runner (worker); both by default.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (m: string) => console.log(`[portside] ${m}`);
  if (config.databaseUrl && !config.appDatabaseUrl) {
    log('note: without APP_DATABASE_URL the server logs in with DATABASE_URL and switches to the portside_app role; give portside_app its own login for full separation');
  }
  const booted = await bootDatabase(config, (m) => (/ERROR|FATAL|migrations|seeded/.test(m) ? log(m) : undefined));
  const mailer = createMailer(booted.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const storage = createStorage(config);
  const app = config.roles.includes('api') ? await buildApp({ config, db: booted.db, secrets: booted.secrets, mailer, storage }) : null;
  const jobs = config.roles.includes('worker') ? await startJobRunner(booted.ownerUrl, { db: booted.db, storage, log }) : null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await jobs?.stop().catch(() => {});
    await app?.close().catch(() => {});
    await booted.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (jobs) log('worker: running jobs (pg-boss, schema pgboss)');
  if (!app) return;
  await app.listen({ port: config.port, host: config.host });
  log(`listening on http://localhost:${config.port}${config.databaseUrl ? '' : ' (embedded PostgreSQL in ' + config.dataDir + ')'}`);
  if (!config.smtpUrl && !config.production) log(`mails go to the developer mailbox: http://localhost:${config.port}/dev/mailbox`);
}

main().catch((e) => {
  console.error('[portside] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
