/**
 * The portal as the benches run it: a fresh embedded PostgreSQL in a temporary folder (migrated,
 * demo data seeded), the API on a free loopback port, logs off and rate limits out of the way.
 * `stop()` closes the app, stops the database and removes the folder. With `queue`, the jobs the
 * API sends go to pg-boss for worker processes (bench/scale.ts) instead of running in this process.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { bootDatabase, type Booted } from '../apps/server/src/db/boot.js';
import { createMailer } from '../apps/server/src/drivers/mail/mailer.js';
import { buildApp } from '../apps/server/src/app/build-app.js';
import { startJobProducer } from '../apps/server/src/jobs/queue.js';
import { silentLogger } from '../apps/server/src/logger.js';

export interface BenchPortal {
  /** http://127.0.0.1:<port> */
  base: string;
  app: FastifyInstance;
  booted: Booted;
  /** The embedded database's folder (its secrets.json too). */
  dataDir: string;
  config: Config;
  stop(): Promise<void>;
}

export async function startPortal(tag: string, opts: { queue?: boolean } = {}): Promise<BenchPortal> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `portside-bench-${tag}-`));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir,
    logLevel: 'silent',
    rateLimit: { windowSeconds: 1, perIp: 1e9, perAccount: 1e9, baseDelayMs: 0, maxDelayMs: 0 },
  };
  const booted = await bootDatabase(config);
  const jobs = opts.queue ? await startJobProducer(booted.ownerUrl, silentLogger) : undefined;
  const app = await buildApp({
    config,
    db: booted.db,
    secrets: booted.secrets,
    mailer: createMailer(booted.db, { smtpUrl: null, from: 'bench@portside.test' }),
    jobs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    app,
    booted,
    dataDir,
    config,
    async stop() {
      await app.close();
      await jobs?.stop();
      await booted.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A token of the demo owner (the login call, as the browser makes it). */
export async function demoToken(base: string): Promise<string> {
  const r = await fetch(`${base}/api/rpc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: 'demo@portside.test', p_password: 'demo1234' }),
  });
  return ((await r.json()) as { token: string }).token;
}
