/**
 * The real portal as a child process (`apps/server/src/main.ts` under tsx) for the tests that need
 * one — signals, a database restart, two instances side by side: its own port and data directory,
 * its output kept for the failure messages, ready once a health address answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { closedPort } from './factories.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface PortalProcess {
  url: string;
  proc: ChildProcess;
  /** Everything it printed, and how it exited. */
  output: string[];
  dataDir: string;
  /** SIGTERM, then SIGKILL after `graceMs`; removes the data directory. */
  stop(graceMs?: number): Promise<void>;
}

export interface PortalOptions {
  /** Environment over the defaults (a port of its own on 127.0.0.1, its data directory, no web build, NODE_ENV test). */
  env?: Record<string, string>;
  /** The address that answers 200 once it is up: '/readyz' (database, migrations, worker) or '/healthz'. */
  ready: '/readyz' | '/healthz';
  /** How long it may take to get there. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startPortal(opts: PortalOptions): Promise<PortalProcess> {
  const port = await closedPort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-proc-'));
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-dist'),
      NODE_ENV: 'test',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout.on('data', (d) => output.push(String(d)));
  proc.stderr.on('data', (d) => output.push(String(d)));
  proc.on('exit', (code, signal) => output.push(`exited ${code} ${signal}`));

  const running = () => proc.exitCode === null && proc.signalCode === null;
  const stop = async (graceMs = 15_000) => {
    if (running()) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`the portal exited: ${output.join('')}`);
    }
    const up = await fetch(url + opts.ready).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, proc, output, dataDir, stop };
    if (Date.now() > deadline) {
      await stop(1000);
      throw new Error(`the portal did not answer ${opts.ready} within ${opts.timeoutMs} ms: ${output.join('')}`);
    }
    await sleep(200);
  }
}
