import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, httpCaller, type Answer } from './harness.js';
import { startPortal, type PortalProcess } from './portal-process.js';
import { connectHub, registerPathFor, type HubClient } from './hub-client.js';

/**
 * Surviving the database (issue 11): the portal as `npm start` runs it — one process, api and
 * worker, on its embedded PostgreSQL — has its postmaster killed (kill -9) under load: reads and
 * rpcs going on, a VM operation in flight, a hub connection open. The process lives on, answers
 * 503 DATABASE_UNAVAILABLE in the catalogue's shape while it must (and /readyz says so), the
 * embedded database is restarted with crash recovery, the portal recovers by itself within 5 s
 * of the database's return, and the VM operation finishes exactly once, its news on the hub.
 */

let portal: PortalProcess;
let proc: ChildProcess;
let dataDir = '';
let url = '';
let output: string[] = [];
let hub: HubClient | null = null;

beforeAll(async () => {
  portal = await startPortal({
    ready: '/readyz',
    timeoutMs: 150_000,
    env: {
      LOG_LEVEL: 'info',
      // The VM operation is still running when the database goes.
      SIM_TASK_MS: '1500',
      DATABASE_URL: '',
      APP_DATABASE_URL: '',
    },
  });
  ({ url, proc, output, dataDir } = portal);
}, 180_000);

afterAll(async () => {
  await hub?.stop().catch(() => {});
  await portal?.stop();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const healthy = () =>
  fetch(`${url}/readyz`).then(
    (r) => r.ok,
    () => false,
  );

/** A direct connection to the embedded database, as the portal's data directory describes it. */
async function direct(): Promise<pg.Client> {
  const pid = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const state = JSON.parse(await fs.readFile(path.join(dataDir, 'pg-state.json'), 'utf8')) as { password: string };
  const c = new pg.Client({ host: '127.0.0.1', port: Number(pid.split('\n')[3]), user: 'postgres', password: state.password });
  c.on('error', () => {});
  await c.connect();
  return c;
}

async function databaseAnswers(): Promise<boolean> {
  const c = await direct().catch(() => null);
  if (!c) return false;
  try {
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Kills the embedded postmaster (kill -9); the time it was killed. */
async function killPostmaster(): Promise<number> {
  const pidText = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const killedAt = Date.now();
  process.kill(Number(pidText.split('\n')[0]), 'SIGKILL');
  return killedAt;
}

/**
 * Waits for the database to come back by itself (the portal's supervisor restarts it), then for the
 * portal to answer a read and /readyz again, failing if that takes more than 5 s from the
 * database's return. `onAnswer` sees every answer while it waits.
 */
async function awaitRecovery(
  call: ReturnType<typeof httpCaller>,
  token: string,
  killedAt: number,
  onAnswer: (r: Answer) => void = () => {},
) {
  let databaseBackAt = 0;
  while (!databaseBackAt) {
    expect(
      Date.now() - killedAt,
      `the database is back within 60 s; the portal said: ${output.join('').slice(-3000)}`,
    ).toBeLessThan(60_000);
    if (await databaseAnswers()) databaseBackAt = Date.now();
    else await sleep(20);
  }
  let portalBackAt = 0;
  while (!portalBackAt) {
    const r = await call('GET', '/api/MyProfile', { token }).catch(() => null);
    if (r) onAnswer(r);
    if (r?.status === 200 && (await healthy())) portalBackAt = Date.now();
    else await sleep(20);
    expect(Date.now() - databaseBackAt, 'recovered within 5 s of the database').toBeLessThan(5_000);
  }
}

describe('the embedded postmaster killed (kill -9)', () => {
  it('keeps the process alive, answers 503 in the error shape, restarts the database and recovers within 5 s, losing nothing', async () => {
    const call = httpCaller(url);
    const login = await call('POST', '/api/rpc/login', {
      body: { p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;
    const profile = (await call('GET', '/api/MyProfile', { token })).body[0];
    const account = { email: profile.email, client: profile.client, secret: profile.notification_secret };
    const vms = (await call('GET', '/api/MyVMs2?power_status=eq.STOPPED&state=eq.active', { token })).body as Array<{
      provisioned_id: number;
      vmid: number;
      name: string;
    }>;
    const vm = vms[0]!;
    expect(vm, 'a stopped demo server').toBeDefined();

    hub = await connectHub(url, 'terminal');
    expect((await call('POST', await registerPathFor(account, hub.connectionId, 'terminal'))).body).toEqual({ success: true });

    // The load: reads and rpcs back to back, every answer kept.
    const answers: Array<{ at: number; r: Answer | { status: 0; body: string } }> = [];
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const r = await (
          i % 2 === 0
            ? call('GET', '/api/MyProfile', { token })
            : call('POST', '/api/rpc/ProfileUpdateLanguage', { token, body: { p_language: 'en' } })
        ).catch((e: unknown) => ({ status: 0 as const, body: String(e) }));
        answers.push({ at: Date.now(), r });
        await sleep(10);
      }
    })();
    const health: Array<{ at: number; status: number; body: string }> = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const r = await fetch(`${url}/readyz`).then(
          async (x) => ({ at: Date.now(), status: x.status, body: await x.text() }),
          (e: unknown) => ({ at: Date.now(), status: 0, body: String(e) }),
        );
        health.push(r);
        await sleep(25);
      }
    })();

    // A VM operation in flight when the database goes.
    const start = await call('POST', '/api/rpc/VmStart', { token, body: { p_provisioned_id: vm.provisioned_id } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await sleep(300);

    const killedAt = await killPostmaster();
    // The database comes back by itself; the portal answers again within 5 s of its return.
    await awaitRecovery(call, token, killedAt);
    await sleep(500);
    loading = false;
    watching = false;
    await Promise.all([load, watch]);

    expect(proc.exitCode, 'the process is alive').toBeNull();
    expect(output.join('')).toMatch(/restarting it/);
    // Every answer is a success or the catalogue's 503 — never a 500 or a dropped connection.
    const bad = answers.filter(
      ({ r }) =>
        r.status !== 200 &&
        !(r.status === 503 && typeof r.body === 'object' && r.body.code === 'DATABASE_UNAVAILABLE' && 'hint' in r.body),
    );
    expect(bad.map(({ r }) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    const outage = answers.filter(({ at, r }) => at >= killedAt && r.status === 503);
    const healthDown = health.filter(({ at, status }) => at >= killedAt && status === 503);
    expect(outage.length + healthDown.length, 'the outage was seen and answered with 503').toBeGreaterThan(0);
    for (const h of healthDown)
      expect(JSON.parse(h.body)).toMatchObject({ code: 'NOT_READY', details: expect.stringMatching(/database/) });
    expect(health.filter(({ status }) => status !== 200 && status !== 503)).toEqual([]);

    // The operation that was in flight finishes, once; its news reaches the open hub connection.
    await hub.next((t) => t.includes(Buffer.from('Server started').toString('base64')), 60_000);
    const after = (await call('GET', `/api/MyVMs2?provisioned_id=eq.${vm.provisioned_id}`, { token })).body[0];
    expect(after.power_status).toBe('RUNNING');
    const db = await direct();
    try {
      const tasks = await db.query(`SELECT count(*)::int AS n FROM sim_tasks WHERE vmid = $1 AND type = 'qmstart'`, [vm.vmid]);
      expect(tasks.rows[0].n, 'one start task on the cluster').toBe(1);
    } finally {
      await db.end();
    }
  }, 150_000);

  it('recovers by itself when killed while idle: no request needed to notice, none answered 503 for good', async () => {
    const call = httpCaller(url);
    const login = await call('POST', '/api/rpc/login', {
      body: { p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;
    // The pool holds idle connections from this login; then nothing happens while the database dies.
    await sleep(1_000);
    const killedAt = await killPostmaster();
    await sleep(500);
    // The first requests after the return: a success or the catalogue's 503, and within 5 s every read succeeds.
    await awaitRecovery(call, token, killedAt, (r) => expect([200, 503], JSON.stringify(r.body)).toContain(r.status));
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/MyProfile', { token })).status).toBe(200);
    expect(proc.exitCode, 'the process is alive').toBeNull();
  }, 120_000);
});
