import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalMessage } from '@portside/contract/hubs';
import { publishHubMessage } from '../src/hubs/publish.js';
import { createTestDatabase, DEMO_USERS, httpCaller } from './harness.js';
import { startPortal, type PortalProcess } from './portal-process.js';
import { connectHub, registerPathFor, type HubAccount, type HubClient } from './hub-client.js';

/**
 * Two api instances as separate OS processes on one database (DESIGN §1): a message published in
 * the shared database reaches sockets on both, through LISTEN/NOTIFY, whichever instance the
 * registering call landed on.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
const instances: PortalProcess[] = [];
const clients: HubClient[] = [];

/** An api-only instance (no worker, so /healthz rather than /readyz) on the shared database. */
async function startInstance(env: Record<string, string>): Promise<PortalProcess> {
  const inst = await startPortal({ ready: '/healthz', timeoutMs: 40_000, env: { ...env, PORTSIDE_ROLES: 'api', SEED: 'off' } });
  instances.push(inst);
  return inst;
}

async function accountVia(url: string, email: string, password: string): Promise<HubAccount> {
  const call = httpCaller(url);
  const login = await call('POST', '/api/rpc/login', { body: { p_email: email, p_password: password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const p = (await call('GET', '/api/MyProfile', { token: login.body.token })).body[0];
  return { email: p.email, client: p.client, secret: p.notification_secret };
}

const terminal = (text: string): TerminalMessage => ({
  provisioned_id: 42,
  label: 'vm-42',
  stage: 'create',
  message: Buffer.from(text).toString('base64'),
});
const has = (text: string) => (t: string) => t.includes(Buffer.from(text).toString('base64'));

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 2 });
  const env = { DATABASE_URL: db.ownerUrl, APP_DATABASE_URL: db.appUrl, JWT_SECRET: 'two-process-test-secret-0123456789abcdef' };
  await Promise.all([startInstance(env), startInstance(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop().catch(() => {})));
  await Promise.all(instances.map((i) => i.stop(5000)));
  await pool?.end();
  await db?.drop();
}, 30_000);

describe('two api processes on one database', () => {
  it('fan a message published in the database out to sockets on both instances', async () => {
    const [a, b] = instances as [PortalProcess, PortalProcess];
    const demo = await accountVia(a.url, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const other = await accountVia(b.url, DEMO_USERS.other.email, DEMO_USERS.other.password);

    const onA = await connectHub(a.url, 'terminal');
    const onB = await connectHub(b.url, 'terminal', { skipNegotiation: true });
    const otherOnB = await connectHub(b.url, 'terminal');
    clients.push(onA, onB, otherOnB);

    // Each connection is registered through the OTHER instance than the one holding its socket.
    for (const [who, c, via] of [
      [demo, onA, b],
      [demo, onB, a],
      [other, otherOnB, a],
    ] as const) {
      const r = await httpCaller(via.url)('POST', await registerPathFor(who, c.connectionId, 'terminal'));
      expect(r.body, JSON.stringify(r.body)).toEqual({ success: true });
    }

    // Published by neither instance: straight into the shared database, as a worker does.
    await publishHubMessage(pool, { clientId: other.client, kind: 'terminal', payload: terminal('for the other account') });
    await publishHubMessage(pool, {
      clientId: demo.client,
      kind: 'terminal',
      provisionedId: 42,
      payload: terminal('to both instances'),
    });

    const [gotA, gotB] = await Promise.all([
      onA.next(has('to both instances'), 10_000),
      onB.next(has('to both instances'), 10_000),
    ]);
    expect(JSON.parse(gotA)).toEqual(terminal('to both instances'));
    expect(JSON.parse(gotB)).toEqual(terminal('to both instances'));
    await otherOnB.next(has('for the other account'), 10_000);
    expect(onA.received.some(has('for the other account'))).toBe(false);
    expect(onB.received.some(has('for the other account'))).toBe(false);
    expect(otherOnB.received.some(has('to both instances'))).toBe(false);
  }, 40_000);

  it('keeps delivering on one instance when the other stops', async () => {
    const [a, b] = instances as [PortalProcess, PortalProcess];
    const demo = await accountVia(a.url, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const onA = await connectHub(a.url, 'power');
    clients.push(onA);
    expect((await httpCaller(a.url)('POST', await registerPathFor(demo, onA.connectionId, 'power'))).body).toEqual({
      success: true,
    });
    await b.stop(5000);
    await publishHubMessage(pool, {
      clientId: demo.client,
      kind: 'power',
      provisionedId: 42,
      payload: { provisioned_id: 42, status: 'ok', message: 'after B stopped' },
    });
    expect(JSON.parse(await onA.next((t) => t.includes('after B stopped'), 10_000))).toMatchObject({
      message: 'after B stopped',
    });
  }, 30_000);
});
