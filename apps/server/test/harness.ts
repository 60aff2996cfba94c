import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { createMailer } from '../src/drivers/mail/mailer.js';
import { buildApp, defaultBaremetal, defaultHypervisors } from '../src/app/build-app.js';
import { createStorage } from '../src/drivers/storage/create-storage.js';
import type { HypervisorRegistry } from '../src/drivers/hypervisor/registry.js';
import type { JobDeps, JobQueue, JobServices } from '../src/jobs/job-types.js';
import { inlineQueue } from '../src/jobs/queue.js';
import { createLogger, silentLogger } from '../src/logger.js';
import { fromStrings, type Secrets } from '../src/secrets.js';
import { defaultNetwork, type NetworkDrivers } from '../src/drivers/network-drivers.js';
import { APP_PASSWORD, TEMPLATE_DB, withDb } from './global-setup.js';

export { DEMO_USERS } from '../src/db/seed.js';

/** A fresh database copied from the seeded template; dropped by `drop()`. */
export async function createTestDatabase(): Promise<{ ownerUrl: string; appUrl: string; drop(): Promise<void> }> {
  const url = inject('pgUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return {
    ownerUrl: withDb(url, name),
    appUrl: withDb(url, name, { name: 'portside_app', password: APP_PASSWORD }),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  url: string;
  db: Database;
  config: Config;
  /** The server's keys (e.g. to make a link only the server could sign). */
  secrets: Secrets;
  /** Plain fetch against the server; JSON bodies are sent and parsed. */
  call(
    method: string,
    p: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Json; headers: Headers }>;
  rpc(name: string, body: unknown, token?: string): Promise<{ status: number; body: Json; headers: Headers }>;
  get(view: string, token?: string, headers?: Record<string, string>): Promise<{ status: number; body: Json; headers: Headers }>;
  login(email: string, password: string): Promise<string>;
  /**
   * A request injected into the app as if its socket came from `remoteAddress` (another machine,
   * a proxy): what real HTTP from this test, always on loopback, cannot show.
   */
  inject(opts: {
    method: 'GET' | 'POST';
    url: string;
    remoteAddress: string;
    headers?: Record<string, string>;
    body?: unknown;
  }): Promise<Answer>;
  /** The newest mail sent to an address (from the outbox). */
  lastMail(to: string): Promise<{ subject: string; text: string } | null>;
  /** The clusters' drivers the server uses. */
  hypervisors: HypervisorRegistry;
  /** The DNS and gateway drivers the server uses (simulators). */
  network: NetworkDrivers;
  /** What a job handler gets in this server, the inline queue as its `jobs` (pass `log` to collect its log records). */
  jobDeps(log?: (record: LogRecord) => void): JobDeps;
  /** Waits until every job the server started (they run in-process) has finished. */
  jobsIdle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A parsed JSON answer. Tests assert its fields one by one, so it is left untyped here, the one place
 * the tree allows `any`; everything else reads answers through this alias.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** A log line as pino wrote it: its message, level and structured fields. */
export interface LogRecord {
  msg: string;
  level: number;
  [field: string]: unknown;
}

/** A debug-level logger handing each record to `collect` (tests read what a job or service logged). */
export function collectingLogger(collect: (record: LogRecord) => void) {
  return createLogger('debug', (line) => collect(JSON.parse(line) as LogRecord));
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** A fetch wrapper for a server at `url`: JSON bodies out, JSON (or text) answers back. */
export function httpCaller(url: string) {
  return async (
    method: string,
    p: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + p, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };
}

/**
 * Starts the real app over real HTTP on a fresh database. Its jobs run in-process (the inline
 * queue); `wrapQueue` may put a queue of the test's in front of it (to hold some jobs back).
 */
export async function startTestServer(
  over: Partial<Config> = {},
  opts: { wrapQueue?: (inline: JobQueue) => JobQueue } = {},
): Promise<TestServer> {
  const tdb = await createTestDatabase();
  // Its own data directory (uploads land there), removed on stop; a caller's own one is kept.
  const ownDataDir = over.dataDir ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'portside-data-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: ownDataDir ?? over.dataDir!,
    databaseUrl: tdb.ownerUrl,
    logLevel: 'silent',
    ...over,
  };
  const db = new Database(tdb.ownerUrl, tdb.appUrl);
  const secrets = fromStrings(crypto.randomBytes(24).toString('hex'), crypto.randomBytes(24).toString('hex'), APP_PASSWORD);
  const hypervisors = defaultHypervisors(config, db, secrets);
  const network = defaultNetwork(config, db, secrets.dataKey);
  const baremetal = defaultBaremetal(config, db, secrets);
  const storage = createStorage(config);
  const mailer = createMailer(db, { smtpUrl: null, from: 'test@portside.test' });
  const services = (log?: (record: LogRecord) => void): JobServices => ({
    db,
    storage,
    hypervisors,
    network,
    baremetal,
    vms: config.vms,
    mailer,
    secrets,
    config,
    logger: log ? collectingLogger(log) : silentLogger,
  });
  const jobs = inlineQueue(() => services());
  const jobDeps = (log?: (record: LogRecord) => void): JobDeps => ({ ...services(log), jobs });
  const app = await buildApp({
    config,
    db,
    secrets,
    storage,
    hypervisors,
    network,
    baremetal,
    jobs: opts.wrapQueue?.(jobs) ?? jobs,
    mailer,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${addr.port}`;
  config.port = addr.port;
  config.publicUrl = url;

  const call = httpCaller(url);
  const server: TestServer = {
    url,
    db,
    config,
    secrets,
    call,
    rpc: (name, body, token) => call('POST', `/api/rpc/${name}`, { body, token }),
    get: (view, token, headers) => call('GET', `/api/${view}`, { token, headers }),
    async login(email, password) {
      const r = await call('POST', '/api/rpc/login', { body: { p_email: email, p_password: password } });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
    async lastMail(to) {
      const r = await db.owner.query(
        `SELECT subject, text_body AS text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1`,
        [to],
      );
      return r.rows[0] ?? null;
    },
    async inject(opts) {
      const res = await app.inject({
        method: opts.method,
        url: opts.url,
        remoteAddress: opts.remoteAddress,
        headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.headers ?? {}) },
        payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        /* not JSON */
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
      return { status: res.statusCode, body, headers };
    },
    hypervisors,
    network,
    jobDeps,
    jobsIdle: () => jobs.idle(),
    async stop() {
      await app.close();
      await jobs.stop();
      await baremetal.close();
      await network.routers.close();
      await db.close();
      await tdb.drop();
      if (ownDataDir) await fs.rm(ownDataDir, { recursive: true, force: true });
    },
  };
  return server;
}
