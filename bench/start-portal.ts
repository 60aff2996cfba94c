/**
 * The portal as the benches run it: a fresh embedded PostgreSQL in a temporary folder (migrated,
 * demo data seeded), the API on a free loopback port, logs off and rate limits out of the way.
 * `stop()` closes the app, stops the database and removes the folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config.js';
import { bootDatabase, type Booted } from '../apps/server/src/db/boot.js';
import { createMailer } from '../apps/server/src/drivers/mail/mailer.js';
import { buildApp } from '../apps/server/src/app/build-app.js';

export interface BenchPortal {
  /** http://127.0.0.1:<port> */
  base: string;
  app: FastifyInstance;
  booted: Booted;
  stop(): Promise<void>;
}

export async function startPortal(tag: string): Promise<BenchPortal> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `portside-bench-${tag}-`));
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir,
    logLevel: 'silent',
    rateLimit: { windowSeconds: 1, perIp: 1e9, perAccount: 1e9, baseDelayMs: 0, maxDelayMs: 0 },
  };
  const booted = await bootDatabase(config);
  const app = await buildApp({
    config,
    db: booted.db,
    secrets: booted.secrets,
    mailer: createMailer(booted.db, { smtpUrl: null, from: 'bench@portside.test' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    app,
    booted,
    async stop() {
      await app.close();
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
