import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HUB_KINDS, parseJoined, type TerminalMessage } from '@portside/contract/hubs';
import { LISTEN_APPLICATION_NAME } from '../src/hubs/fanout.js';
import { publishHubMessage } from '../src/hubs/publish.js';
import { pruneHubTables } from '../src/hubs/retention.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { createSubUser, expectErrorShape, idsOf, NO_RATE_LIMIT, scalar } from './factories.js';
import { accountPathFor, connectHub, nowEpoch, registerPathFor, type HubAccount, type HubClient } from './hub-client.js';

let s: TestServer;
let A: HubAccount & { userId: string };
let B: HubAccount & { userId: string };
const clients: HubClient[] = [];

async function account(email: string, password: string): Promise<HubAccount & { userId: string }> {
  const token = await s.login(email, password);
  const p = (await s.get('MyProfile', token)).body[0];
  return { email: p.email, client: p.client, secret: p.notification_secret, userId: p.id };
}

async function hub(kind: (typeof HUB_KINDS)[number], o: { skipNegotiation?: boolean } = {}) {
  const c = await connectHub(s.url, kind, o);
  clients.push(c);
  return c;
}

async function registered(who: HubAccount, kind: (typeof HUB_KINDS)[number] = 'terminal') {
  const c = await hub(kind);
  const r = await s.call('POST', await registerPathFor(who, c.connectionId, kind));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toEqual({ success: true });
  return c;
}

const terminal = (id: number, text: string): TerminalMessage => ({
  provisioned_id: id,
  label: 'vm-1',
  stage: 'create',
  message: Buffer.from(text).toString('base64'),
});
const publish = (who: HubAccount, kind: (typeof HUB_KINDS)[number], payload: object, provisionedId: number | null = null) =>
  publishHubMessage(s.db.owner, { clientId: who.client, kind, provisionedId, payload });
const hasText = (text: string) => (t: string) => t.includes(text);
const mappings = () => scalar(s, `SELECT count(*) FROM hub_connections`);

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  A = await account(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  B = await account(DEMO_USERS.other.email, DEMO_USERS.other.password);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop().catch(() => {})));
  await s?.stop();
});

describe('the hubs with the official SignalR client', () => {
  it('joins with negotiation: the joined text names the negotiated connection and the hub', async () => {
    const c = await hub('terminal');
    expect(c.received[0]).toBe(`${c.connectionId}_joined_[terminal]`);
    expect(c.connectionId).toMatch(/^[0-9a-f]{32}$/);
    expect(c.connection.connectionId).toBe(c.connectionId);
  });

  it('joins with skipNegotiation too, each connection with its own id', async () => {
    const [c1, c2] = await Promise.all([hub('power', { skipNegotiation: true }), hub('power', { skipNegotiation: true })]);
    expect(parseJoined(c1.received[0])).toEqual({ connectionId: c1.connectionId, destination: 'power' });
    expect(c1.connectionId).not.toBe(c2.connectionId);
  });

  it('delivers a published message to the registered connection of the account, not to another account', async () => {
    const a = await registered(A);
    const b = await registered(B);
    await publish(B, 'terminal', terminal(7, 'for B only'));
    await publish(A, 'terminal', terminal(5, 'hello A'), 5);
    const got = JSON.parse(await a.next(hasText('provisioned_id')));
    expect(got).toEqual(terminal(5, 'hello A'));
    await b.next(hasText(Buffer.from('for B only').toString('base64')));
    // Messages are handled in order: A's arrived after B's, and B's never reached A.
    expect(a.received.some(hasText(Buffer.from('for B only').toString('base64')))).toBe(false);
    expect(b.received.some(hasText(Buffer.from('hello A').toString('base64')))).toBe(false);
  });

  it('delivers only messages of the hub kind, and nothing to an unregistered connection', async () => {
    const term = await registered(A, 'terminal');
    const power = await registered(A, 'power');
    const idle = await hub('power');
    await publish(
      A,
      'power',
      { provisioned_id: 9, status: 'ok', power_status: 'RUNNING', message: 'started', stage: 'post-start' },
      9,
    );
    expect(JSON.parse(await power.next(hasText('started')))).toMatchObject({ power_status: 'RUNNING', stage: 'post-start' });
    await publish(A, 'terminal', terminal(9, 'after power'));
    await term.next(hasText(Buffer.from('after power').toString('base64')));
    expect(term.received.some(hasText('started'))).toBe(false);
    expect(idle.received).toHaveLength(1); // only the joined text
  });

  it('sends one message to every connection of the account and kind, each as the same text frame', async () => {
    const [c1, c2] = [await registered(A, 'lock'), await registered(A, 'lock')];
    // A raw socket shows the frame itself: text, not binary (the frame is encoded once for all).
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/hubs/lock`);
    const frames: Array<{ text: string; isBinary: boolean }> = [];
    const joined = await new Promise<string>((resolve) => {
      ws.on('open', () => ws.send('{"protocol":"json","version":1}\x1e'));
      ws.on('message', (d, isBinary) => {
        frames.push({ text: (d as Buffer).toString(), isBinary });
        const m = /"([0-9a-f]{32})_joined_/.exec((d as Buffer).toString());
        if (m) resolve(m[1]!);
      });
    });
    expect((await s.call('POST', await registerPathFor(A, joined, 'lock'))).status).toBe(200);
    await publish(A, 'lock', { provisioned_id: 11, locked: 'on', message: 'locked for all' }, 11);
    const got = await Promise.all([c1, c2].map((c) => c.next(hasText('locked for all'))));
    expect(got[0]).toBe(got[1]);
    await expect.poll(() => frames.some((f) => f.text.includes('locked for all'))).toBe(true);
    const frame = frames.find((f) => f.text.includes('locked for all'))!;
    ws.close();
    expect(frame.isBinary).toBe(false);
    expect(JSON.parse(frame.text.split('\x1e')[0]!)).toEqual({ type: 1, target: 'ReceiveMessage', arguments: [got[0]] });
  });

  it('never lets a payload look like a joined message', async () => {
    const a = await registered(A);
    const payload = { ...terminal(6, 'odd name'), label: 'vm_joined_[terminal]' };
    await publish(A, 'terminal', payload);
    const text = await a.next(hasText(Buffer.from('odd name').toString('base64')));
    expect(parseJoined(text)).toBeNull();
    expect(JSON.parse(text)).toEqual(payload);
  });

  it('sends a message only once the transaction that published it commits', async () => {
    const a = await registered(A);
    const tx = await s.db.owner.connect();
    try {
      await tx.query('BEGIN');
      await publishHubMessage(tx, { clientId: A.client, kind: 'terminal', payload: terminal(1, 'rolled back') });
      await tx.query('ROLLBACK');
      await tx.query('BEGIN');
      await publishHubMessage(tx, { clientId: A.client, kind: 'terminal', payload: terminal(1, 'committed') });
      await new Promise((r) => setTimeout(r, 200));
      expect(a.received.some(hasText(Buffer.from('committed').toString('base64')))).toBe(false);
      await tx.query('COMMIT');
    } finally {
      tx.release();
    }
    await a.next(hasText(Buffer.from('committed').toString('base64')));
    expect(a.received.some(hasText(Buffer.from('rolled back').toString('base64')))).toBe(false);
  });

  it('publishes from the system scope of the app pool as a worker would, and refuses unknown kinds', async () => {
    const a = await registered(A);
    await s.db.system((tx) =>
      publishHubMessage(tx, { clientId: A.client, kind: 'terminal', payload: terminal(2, 'from a job') }),
    );
    await a.next(hasText(Buffer.from('from a job').toString('base64')));
    await expect(publishHubMessage(s.db.owner, { clientId: A.client, kind: 'nope' as 'terminal', payload: {} })).rejects.toThrow(
      /unknown hub kind/,
    );
    // The account's own tenant scope may publish only for itself (row-level security).
    const tenantA = { kind: 'tenant' as const, clientId: A.client, userId: A.userId };
    await expect(
      s.db.run(tenantA, (tx) => publishHubMessage(tx, { clientId: B.client, kind: 'terminal', payload: {} })),
    ).rejects.toThrow(/row-level security/);
  });

  it('deactivate stops delivery to the user’s connections and answers their number', async () => {
    const a1 = await registered(A);
    const a2 = await registered(A, 'power');
    const b = await registered(B);
    const r = await s.call('POST', await accountPathFor('deactivate', A));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toBeGreaterThanOrEqual(2);
    expect(
      await scalar(s, `SELECT count(*) FROM hub_connections WHERE connection_id = ANY($1) AND active`, [
        [a1.connectionId, a2.connectionId],
      ]),
    ).toBe(0);
    await publish(A, 'terminal', terminal(3, 'after logout'));
    await publish(B, 'terminal', terminal(3, 'B still live'));
    await b.next(hasText(Buffer.from('B still live').toString('base64')));
    expect(a1.received.some(hasText(Buffer.from('after logout').toString('base64')))).toBe(false);
    // A second deactivate finds nothing left; registering again brings delivery back.
    expect((await s.call('POST', await accountPathFor('deactivate', A))).body).toEqual({ data: 0 });
    expect((await s.call('POST', await registerPathFor(A, a1.connectionId, 'terminal'))).body).toEqual({ success: true });
    await publish(A, 'terminal', terminal(3, 'back again'));
    await a1.next(hasText(Buffer.from('back again').toString('base64')));
  });

  it('deactivates a connection’s mapping when its socket closes', async () => {
    const c = await registered(A);
    await c.stop();
    await expect
      .poll(() => scalar(s, `SELECT count(*) FROM hub_connections WHERE connection_id = $1 AND active`, [c.connectionId]))
      .toBe(0);
  });

  it('keeps delivering after the LISTEN connection drops', async () => {
    const a = await registered(A);
    const pid = await scalar(s, `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, [
      LISTEN_APPLICATION_NAME,
    ]);
    await s.db.owner.query(`SELECT pg_terminate_backend($1)`, [pid]);
    // Published while nobody listens: caught up after the reconnect.
    await publish(A, 'terminal', terminal(4, 'during the gap'));
    await expect
      .poll(
        () =>
          scalar(
            s,
            `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> $2`,
            [LISTEN_APPLICATION_NAME, pid],
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    await a.next(hasText(Buffer.from('during the gap').toString('base64')), 10_000);
    await publish(A, 'terminal', terminal(4, 'after the gap'));
    await a.next(hasText(Buffer.from('after the gap').toString('base64')));
    expect(a.received.filter(hasText(Buffer.from('during the gap').toString('base64')))).toHaveLength(1);
  });

  it('reads the mappings again after the LISTEN connection drops: one registered or ended meanwhile counts', async () => {
    const ended = await registered(A);
    const later = await hub('terminal');
    const listenPid = () =>
      scalar(
        s,
        `SELECT coalesce(max(pid), 0) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [LISTEN_APPLICATION_NAME],
      );
    const pid = await listenPid();
    await s.db.owner.query(`SELECT pg_terminate_backend($1)`, [pid]);
    // Changed while nobody listens: the map notifications are lost, the table is not.
    await s.db.owner.query(`UPDATE hub_connections SET active = false, deactivated_at = now() WHERE connection_id = $1`, [
      ended.connectionId,
    ]);
    await s.db.owner.query(
      `INSERT INTO hub_connections (connection_id, client_id, user_id, kind, destination) VALUES ($1, $2, $3, 'terminal', 'terminal')`,
      [later.connectionId, A.client, A.userId],
    );
    await expect.poll(async () => (await listenPid()) !== pid && (await listenPid()) !== 0, { timeout: 10_000 }).toBe(true);
    await publish(A, 'terminal', terminal(5, 'after the remap'));
    await later.next(hasText(Buffer.from('after the remap').toString('base64')), 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(ended.received.filter(hasText(Buffer.from('after the remap').toString('base64')))).toHaveLength(0);
  });
});

describe('the notification calls refuse what is not signed right', () => {
  it('refuses a wrong hash, a stale or future epoch, a wrong issuer and another account’s e-mail, changing nothing', async () => {
    const c = await hub('terminal');
    const before = await mappings();
    const good = await registerPathFor(A, c.connectionId, 'terminal');
    const parts = good.split('/');
    const wrongHash = [...parts.slice(0, -1), 'a'.repeat(128)].join('/');
    const cases: Array<[string, number, string]> = [
      [wrongHash, 403, 'NOTIFICATION_HASH_INVALID'],
      [await registerPathFor({ ...A, secret: 'guessed' }, c.connectionId, 'terminal'), 403, 'NOTIFICATION_HASH_INVALID'],
      // Knowing the e-mail and the client id is not enough: the secret is missing.
      [await registerPathFor({ ...A, secret: '' }, c.connectionId, 'terminal'), 403, 'NOTIFICATION_HASH_INVALID'],
      [await registerPathFor(A, c.connectionId, 'terminal', { epoch: nowEpoch() - 301 }), 422, 'NOTIFICATION_EPOCH_STALE'],
      [await registerPathFor(A, c.connectionId, 'terminal', { epoch: nowEpoch() + 400 }), 422, 'NOTIFICATION_EPOCH_STALE'],
      [await registerPathFor(A, c.connectionId, 'terminal', { issuer: 'otherbrand' }), 404, 'NotFound'],
      // B's e-mail and secret under A's client id: B is no user of A's account.
      [await registerPathFor({ ...B, client: A.client }, c.connectionId, 'terminal'), 403, 'NOTIFICATION_HASH_INVALID'],
      // A's hash for another connection id does not cover this one.
      [good.replace(`/${c.connectionId}/`, `/${'0'.repeat(32)}/`), 403, 'NOTIFICATION_HASH_INVALID'],
      [await registerPathFor(A, 'not-a-connection', 'terminal'), 400, 'BAD_REQUEST'],
      [await registerPathFor(A, c.connectionId, 'nope'), 400, 'BAD_REQUEST'],
      [good.replace(A.client, 'not-a-uuid'), 403, 'NOTIFICATION_HASH_INVALID'],
    ];
    for (const [path, status, code] of cases) {
      const r = await s.call('POST', path);
      expectErrorShape(r, status, code);
    }
    for (const which of ['deactivate', 'recent'] as const) {
      const r = await s.call(which === 'recent' ? 'GET' : 'POST', await accountPathFor(which, { ...A, secret: 'guessed' }));
      expectErrorShape(r, 403, 'NOTIFICATION_HASH_INVALID');
      expectErrorShape(
        await s.call(which === 'recent' ? 'GET' : 'POST', await accountPathFor(which, A, { epoch: 1 })),
        422,
        'NOTIFICATION_EPOCH_STALE',
      );
    }
    expect(await mappings()).toBe(before);
    // The signed call itself works.
    expect((await s.call('POST', good)).body).toEqual({ success: true });
  });

  it('refuses a blocked user', async () => {
    const sub = await createSubUser(s, A.client);
    const subAccount = await account(sub.email, sub.password);
    const c = await hub('terminal');
    await s.db.owner.query(`UPDATE users SET blocked = true WHERE id = $1`, [sub.userId]);
    expectErrorShape(
      await s.call('POST', await registerPathFor(subAccount, c.connectionId, 'terminal')),
      403,
      'NOTIFICATION_HASH_INVALID',
    );
    await s.db.owner.query(`UPDATE users SET blocked = false WHERE id = $1`, [sub.userId]);
    expect((await s.call('POST', await registerPathFor(subAccount, c.connectionId, 'terminal'))).body).toEqual({ success: true });
  });

  it('does not move a connection registered by one account to another', async () => {
    const c = await registered(A);
    expectErrorShape(
      await s.call('POST', await registerPathFor(B, c.connectionId, 'terminal')),
      409,
      'NOTIFICATION_CONNECTION_TAKEN',
    );
    expect(
      await scalar(s, `SELECT count(*) FROM hub_connections WHERE connection_id = $1 AND client_id = $2`, [
        c.connectionId,
        A.client,
      ]),
    ).toBe(1);
  });

  it('accepts an e-mail with a plus sign written with a dollar sign, and any body', async () => {
    const sub = await createSubUser(s, A.client, { email: `Plus+${Date.now()}@example.test` });
    const subAccount = await account(sub.email, sub.password);
    expect(subAccount.email).toContain('+');
    const c = await hub('terminal');
    const path = await registerPathFor(subAccount, c.connectionId, 'terminal');
    expect(path).toContain('$');
    const r = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ success: true });
  });

  it('gives every user an own secret, in MyProfile only', async () => {
    expect(A.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(B.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(A.secret).not.toBe(B.secret);
    const token = await s.login(DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    const sub = (await s.get('MyProfile', token)).body[0];
    expect(sub.notification_secret).not.toBe(A.secret);
  });

  it('renews a user’s secret when the password changes: hashes made with the old one are refused', async () => {
    const sub = await createSubUser(s, A.client);
    const before = await account(sub.email, sub.password);
    expect((await s.call('GET', await accountPathFor('recent', before))).status).toBe(200);
    const token = await s.login(sub.email, sub.password);
    const r = await s.rpc(
      'ResetPassword',
      { p_old_password: sub.password, p_password: 'newpass9', p_password_repeat: 'newpass9' },
      token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await account(sub.email, 'newpass9');
    expect(after.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(after.secret).not.toBe(before.secret);
    expectErrorShape(await s.call('GET', await accountPathFor('recent', before)), 403, 'NOTIFICATION_HASH_INVALID');
    expect((await s.call('GET', await accountPathFor('recent', after))).status).toBe(200);
  });

  it('limits failed calls per IP address (429 once the window is used up, then even good calls), not counting stale epochs', async () => {
    const t = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 3, perAccount: 8, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      const token = await t.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      const p = (await t.get('MyProfile', token)).body[0];
      const me: HubAccount = { email: p.email, client: p.client, secret: p.notification_secret };
      const bad = await accountPathFor('recent', { ...me, secret: 'x' });
      // A wrong clock is not a guess: stale epochs do not use the allowance up.
      for (let i = 0; i < 5; i += 1)
        expectErrorShape(await t.call('GET', await accountPathFor('recent', me, { epoch: 1 })), 422, 'NOTIFICATION_EPOCH_STALE');
      expect((await t.call('GET', await accountPathFor('recent', me))).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expectErrorShape(await t.call('GET', bad), 403, 'NOTIFICATION_HASH_INVALID');
      expectErrorShape(await t.call('GET', bad), 429, 'RATE_LIMITED');
      expectErrorShape(await t.call('GET', await accountPathFor('recent', me)), 429, 'RATE_LIMITED');
    } finally {
      await t.stop();
    }
  });
});

describe('recent messages', () => {
  it('answers the account’s terminal messages only, newest first, as JSON text', async () => {
    await publish(A, 'terminal', terminal(11, 'first'));
    await publish(B, 'terminal', terminal(12, 'other account'));
    await publish(A, 'power', { provisioned_id: 11, status: 'ok', message: 'not terminal' });
    await publish(A, 'terminal', terminal(11, 'second'));
    await s.db.owner.query(
      `INSERT INTO hub_messages (client_id, kind, payload, created_at) VALUES ($1, 'terminal', $2, now() - interval '25 hours')`,
      [A.client, JSON.stringify(terminal(11, 'too old'))],
    );
    const r = await s.call('GET', await accountPathFor('recent', A));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const messages = (r.body as Array<{ message: string; created_at: string }>).map(
      (m) => JSON.parse(m.message) as TerminalMessage,
    );
    const texts = messages.map((m) => Buffer.from(m.message, 'base64').toString());
    expect(texts.indexOf('second')).toBeLessThan(texts.indexOf('first'));
    expect(texts).not.toContain('other account');
    expect(texts).not.toContain('too old');
    expect(texts).not.toContain('not terminal');
    expect(messages.every((m) => typeof m.provisioned_id === 'number')).toBe(true);
    expect(r.body.length).toBeLessThanOrEqual(50);
    expect(Date.parse(r.body[0].created_at)).not.toBeNaN();
  });
});

describe('the protocol', () => {
  const wsUrl = (p: string) => s.url.replace(/^http/, 'ws') + p;
  /** Opens a raw socket, sends `frames`, and collects the text until the server closes it. */
  const raw = (p: string, frames: Array<string | Buffer>, waitMs = 8000) =>
    new Promise<{ texts: string[]; code: number | null; status: number | null }>((resolve) => {
      const ws = new WebSocket(wsUrl(p));
      const texts: string[] = [];
      const timer = setTimeout(() => {
        ws.terminate();
        resolve({ texts, code: null, status: null });
      }, waitMs);
      ws.on('open', () => frames.forEach((f) => ws.send(f)));
      ws.on('message', (d: Buffer) => texts.push(d.toString()));
      ws.on('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        resolve({ texts, code: null, status: res.statusCode ?? null });
      });
      ws.on('error', () => {});
      ws.on('close', (code) => {
        clearTimeout(timer);
        resolve({ texts, code, status: 101 });
      });
    });

  it('answers a good handshake with {} and the joined text in records', async () => {
    const ws = new WebSocket(wsUrl('/hubs/lock'));
    const first = await new Promise<string>((resolve) => {
      let all = '';
      ws.on('open', () => ws.send('{"protocol":"json","version":1}\x1e'));
      ws.on('message', (d) => {
        all += (d as Buffer).toString();
        if (all.split('\x1e').length >= 3) resolve(all);
      });
    });
    ws.close();
    const [hs, joined] = first.split('\x1e');
    expect(hs).toBe('{}');
    const msg = JSON.parse(joined!);
    expect(msg).toMatchObject({ type: 1, target: 'ReceiveMessage' });
    expect(msg.arguments[0]).toMatch(/^[0-9a-f]{32}_joined_\[lock\]$/);
  });

  it('closes the socket on an unsupported protocol, with the error in the handshake answer', async () => {
    const r = await raw('/hubs/lock', ['{"protocol":"messagepack","version":1}\x1e']);
    expect(r.code).not.toBeNull();
    expect(JSON.parse(r.texts.join('').split('\x1e')[0]!)).toEqual({
      error: "Requested protocol 'messagepack' is not available.",
    });
  });

  it('closes the socket on a handshake that is no JSON, on a binary frame and on a garbled message', async () => {
    for (const frames of [['hello\x1e'], [Buffer.from([1, 2, 3])], ['{"protocol":"json","version":1}\x1e', 'garbage\x1e']]) {
      const r = await raw('/hubs/lock', frames);
      expect(r.code, JSON.stringify(frames)).not.toBeNull();
    }
  });

  it('closes a socket that sends no handshake within 5 s', async () => {
    const started = Date.now();
    const r = await raw('/hubs/lock', [], 9000);
    expect(r.code).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    expect(JSON.parse(r.texts.join('').split('\x1e')[0]!).error).toMatch(/handshake/);
  });

  it('refuses an oversized message', async () => {
    const r = await raw('/hubs/lock', ['{"protocol":"json","version":1}\x1e', 'x'.repeat(64 * 1024)]);
    expect(r.code).not.toBeNull();
  });

  it('answers unknown hubs with 404 in the catalogue shape and a plain GET with 400', async () => {
    expect((await raw('/hubs/nope', [])).status).toBe(404);
    expect((await raw(`/hubs/terminal?id=${'x'.repeat(10)}`, [])).status).toBe(404);
    expectErrorShape(await s.call('GET', '/hubs/nope'), 404, 'NotFound');
    expectErrorShape(await s.call('POST', '/hubs/nope/negotiate'), 404, 'NotFound');
    expectErrorShape(await s.call('GET', '/hubs/terminal'), 400, 'BAD_REQUEST');
  });

  it('shuts down promptly, telling joined clients they may reconnect, even when one does not answer', async () => {
    const t = await startTestServer();
    const url = t.url.replace(/^http/, 'ws') + '/hubs/power';
    const join = () =>
      new Promise<{ ws: WebSocket; texts: string[] }>((resolve) => {
        const ws = new WebSocket(url);
        const texts: string[] = [];
        ws.on('error', () => {});
        ws.on('open', () => ws.send('{"protocol":"json","version":1}\x1e'));
        ws.on('message', (d) => {
          texts.push((d as Buffer).toString());
          if (texts.join('').includes('_joined_')) resolve({ ws, texts });
        });
      });
    const polite = await join();
    const deaf = await join();
    const pending = new WebSocket(url); // never sends a handshake
    pending.on('error', () => {});
    await new Promise((r) => pending.once('open', r));
    // The deaf client stops reading: it never answers the closing handshake.
    (deaf.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const started = Date.now();
    await t.stop();
    expect(Date.now() - started).toBeLessThan(6000);
    await expect.poll(() => polite.texts.join('')).toContain('"allowReconnect":true');
    for (const ws of [polite.ws, deaf.ws, pending]) ws.terminate();
  });

  it('negotiates version 1 with the WebSockets transport, for every kind', async () => {
    for (const kind of HUB_KINDS) {
      const r = await s.call('POST', `/hubs/${kind}/negotiate?negotiateVersion=1`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
      expect(r.body.connectionId).toMatch(/^[0-9a-f]{32}$/);
      expect(r.body.connectionToken).not.toBe(r.body.connectionId);
    }
  });
});

describe('the hub tables', () => {
  it('show an account only its own messages and mappings (row-level security)', async () => {
    await registered(A);
    await registered(B);
    await publish(B, 'lock', { provisioned_id: 1, status: 'ok', state: 'on', message: 'locked' });
    const tenantA = { kind: 'tenant' as const, clientId: A.client, userId: A.userId };
    for (const t of ['hub_messages', 'hub_connections']) {
      expect(await scalar(s, `SELECT count(DISTINCT client_id) FROM ${t}`), t).toBe(2);
      const seen = await s.db.run(tenantA, async (tx) =>
        (await tx.query(`SELECT DISTINCT client_id FROM ${t}`)).rows.map((r) => r.client_id),
      );
      expect(seen, t).toEqual([A.client]);
      expect((await s.db.run({ kind: 'anonymous' }, (tx) => tx.query(`SELECT 1 FROM ${t}`))).rowCount, t).toBe(0);
    }
  });

  it('gives a payload without provisioned_id the one published with it', async () => {
    const a = await registered(A, 'rename');
    await publish(A, 'rename', { status: 'ok', message: 'renamed-vm' }, 77);
    expect(JSON.parse(await a.next(hasText('renamed-vm')))).toEqual({ provisioned_id: 77, status: 'ok', message: 'renamed-vm' });
    expect(await scalar(s, `SELECT provisioned_id FROM hub_messages WHERE payload->>'message' = 'renamed-vm'`)).toBe(77);
    await expect(publishHubMessage(s.db.owner, { clientId: A.client, kind: 'rename', payload: [] })).rejects.toThrow(
      /JSON object/,
    );
  });

  it('prunes old messages and ended mappings, keeping live ones', async () => {
    const live = await registered(A);
    await s.db.owner.query(
      `INSERT INTO hub_messages (client_id, kind, payload, created_at) VALUES ($1, 'terminal', '{"old":true}', now() - interval '8 days')`,
      [A.client],
    );
    await s.db.owner.query(
      `INSERT INTO hub_connections (connection_id, client_id, kind, destination, active, deactivated_at) VALUES ($1, $2, 'terminal', 'terminal', false, now() - interval '2 days')`,
      ['f'.repeat(32), A.client],
    );
    const pruned = await pruneHubTables(s.db);
    expect(pruned.messages).toBeGreaterThanOrEqual(1);
    expect(pruned.connections).toBeGreaterThanOrEqual(1);
    expect(await scalar(s, `SELECT count(*) FROM hub_messages WHERE payload ? 'old'`)).toBe(0);
    expect(await scalar(s, `SELECT count(*) FROM hub_connections WHERE connection_id = $1 AND active`, [live.connectionId])).toBe(
      1,
    );
  });
});

describe('ids', () => {
  it('uses the seeded accounts as two different clients', async () => {
    expect((await idsOf(s, DEMO_USERS.demo.email)).clientId).toBe(A.client);
    expect(A.client).not.toBe(B.client);
  });
});
