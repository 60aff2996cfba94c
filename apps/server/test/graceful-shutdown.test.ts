import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DEMO_USERS, httpCaller } from './harness.js';
import { startPortal, type PortalProcess } from './portal-process.js';

/**
 * Graceful shutdown (issue 19): the real server (api and worker in one process) gets SIGTERM while
 * a request is still arriving, a VM operation's job runs and a hub socket is open. /readyz turns
 * 503 at once, the request is answered, the socket is closed with 1012 (service restart), the job
 * finishes exactly once, and the process exits 0.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let portal: PortalProcess;
let proc: ChildProcess;
let url = '';
let port = 0;
let output: string[] = [];

const until = async (what: string, ok: () => Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const readyzStatus = () =>
  fetch(`${url}/readyz`).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; details?: string } }),
    (e: unknown) => ({ status: 0, body: { details: String((e as { cause?: unknown }).cause ?? e) } }),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 2 });
  // Ready once it listens and its worker has beaten.
  portal = await startPortal({
    ready: '/readyz',
    timeoutMs: 60_000,
    env: {
      LOG_LEVEL: 'info',
      SEED: 'off',
      DATABASE_URL: db.ownerUrl,
      APP_DATABASE_URL: db.appUrl,
      JWT_SECRET: 'graceful-shutdown-test-secret-0123456789',
      // The VM operation's job is still running when SIGTERM comes.
      SIM_TASK_MS: '2500',
      SHUTDOWN_DRAIN_DELAY_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
  });
  ({ url, proc, output } = portal);
  port = Number(new URL(url).port);
}, 90_000);

afterAll(async () => {
  await portal?.stop(1000);
  await pool?.end();
  await db?.drop();
}, 30_000);

/** A login whose body arrives in two halves: `finish` sends the rest and gives the answer. */
function slowLogin(): { finish: () => Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password });
  const half = Math.floor(body.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/rpc/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((ok, fail) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
  });
  req.write(body.slice(0, half));
  return {
    finish: () => {
      req.end(body.slice(half));
      return answer;
    },
  };
}

/** A hub socket through the handshake; resolves `closed` with the close code. */
async function hubSocket(): Promise<{ closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/terminal`);
  const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
  await new Promise<void>((ok, fail) => {
    ws.once('error', fail);
    ws.once('open', () => {
      ws.send('{"protocol":"json","version":1}\u001e');
      ws.once('message', () => ok());
    });
  });
  return { closed };
}

describe('SIGTERM', () => {
  it('drains: readyz 503 at once, the request under way answered, hubs closed with 1012, the job finished once, exit 0', async () => {
    const call = httpCaller(url);
    const token = (
      await call('POST', '/api/rpc/login', { body: { p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password } })
    ).body.token as string;
    const vm = (await call('GET', '/api/MyVMs2?power_status=eq.STOPPED&state=eq.active', { token })).body[0] as {
      provisioned_id: number;
      vmid: number;
    };
    expect(vm, 'a stopped demo server').toBeDefined();
    const hub = await hubSocket();
    const slow = slowLogin();

    const start = await call('POST', '/api/rpc/VmStart', { token, body: { p_provisioned_id: vm.provisioned_id } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await until('the VM operation job running', async () => {
      const r = await pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'vm.operation' AND state = 'active'`);
      return r.rowCount === 1;
    });

    // The running job as the metrics read it from pg-boss at scrape time.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^portside_jobs\{name="vm\.operation",state="active"\} 1$/m);

    const exited = new Promise<number | null>((ok) => proc.once('exit', (code) => ok(code)));
    proc.kill('SIGTERM');
    // Not ready at once, while still listening (SHUTDOWN_DRAIN_DELAY_MS), so the balancer drains it.
    let notReady = await readyzStatus();
    await until('readyz 503', async () => (notReady = await readyzStatus()).status === 503, 5_000);
    expect(notReady.body).toMatchObject({ code: 'NOT_READY', details: 'shutting_down' });

    // The request that was arriving is answered in full.
    const answer = await slow.finish();
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).token).toEqual(expect.any(String));

    expect(await hub.closed).toBe(1012);
    expect(await exited, output.join('')).toBe(0);
    expect(output.join('')).toMatch(/SIGTERM: draining/);

    // The job ran to its end in this process, once; the worker's heartbeat row is gone.
    const jobs = await pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'vm.operation'`);
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
    const tasks = await pool.query(`SELECT count(*)::int AS n FROM sim_tasks WHERE vmid = $1 AND type = 'qmstart'`, [vm.vmid]);
    expect(tasks.rows[0].n, 'one start task on the cluster').toBe(1);
    expect((await pool.query(`SELECT count(*)::int AS n FROM worker_heartbeats`)).rows[0].n).toBe(0);
  }, 90_000);
});
