/**
 * The VM console through real HTTP and real websockets: VmConsole's one-time link, the simulated
 * serial console's login flow, the refusals of a used, altered or expired link, isolation and the
 * claim, and the Proxmox VNC console against the fake PVE (the portal logs in with the VNC
 * password, the viewer gets the session without one, both ways, closed together, nothing of the
 * node's address, ticket or password sent to the browser).
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { UserCtx } from '../src/routes/handler-context.js';
import { registerConsoleSocket } from '../src/modules/console/console-socket.js';
import { openConsole } from '../src/modules/console/console.service.js';
import { WRONG_CONSOLE_PASSWORD } from '../src/modules/console/serial-console.js';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { decodeBase64Url, type ConsoleHello } from '@portside/contract/console';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, scalar } from './factories.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { createFakePveVm, createTestVm } from './vm-factories.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

let serial = 0;
const fresh = (over: Partial<Parameters<typeof createTestVm>[1]> = {}) =>
  createTestVm(s.db, { clientId: demoClient, name: `con${Date.now().toString(36)}${serial++}`, power: 'RUNNING', ...over });

/** The socket address of a console-open link, as the page builds it. */
function socketUrl(link: string): string {
  const [, , url, cookie, epoch, hash] = link.split('/');
  const path = decodeBase64Url(url!)!;
  return `${s.url.replace(/^http/, 'ws')}${path}?${new URLSearchParams({ cookie: cookie!, epoch: epoch!, hash: hash! })}`;
}

/** The socket address of a console-open link on another server `base`. */
const socketUrlOn = (base: string, link: string) =>
  socketUrl(link).replace(s.url.replace(/^http/, 'ws'), base.replace(/^http/, 'ws'));

/** A console socket that records what it receives: the hello, the text after it, and how it closed. */
async function connect(link: string, base?: string) {
  const ws = new WebSocket(base ? socketUrlOn(base, link) : socketUrl(link));
  const frames: Array<{ data: Buffer; binary: boolean }> = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data: Buffer, binary) => frames.push({ data, binary }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  return {
    ws,
    frames,
    closed,
    hello: () => JSON.parse(frames[0]!.data.toString('utf8')) as ConsoleHello,
    /** Every text frame after the hello, joined. */
    text: () =>
      frames
        .slice(1)
        .filter((f) => !f.binary)
        .map((f) => f.data.toString('utf8'))
        .join(''),
  };
}

async function consoleLink(id: number, token = demo): Promise<string> {
  const r = await s.rpc('VmConsole', { p_provisioned_id: id }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.url as string;
}

describe('VmConsole', () => {
  it('answers a one-time console-open link for the caller’s server and logs the call', async () => {
    const { provisionedId } = await fresh();
    const url = await consoleLink(provisionedId);
    expect(url).toMatch(/^\/console-open\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}\/\d{10}\/[0-9a-f]{128}$/);
    const [, , path, cookie, epoch] = url.split('/');
    expect(decodeBase64Url(path!)).toBe('/console/ws');
    expect(Math.abs(Number(epoch) - Date.now() / 1000)).toBeLessThan(5);
    // Only a hash of the token is kept, with a 60 s life.
    const row = (
      await s.db.owner.query(
        `SELECT token_hash, kind, used_at, extract(epoch FROM expires_at - created_at)::int AS ttl FROM console_sessions WHERE provisioned_id = $1`,
        [provisionedId],
      )
    ).rows[0];
    expect(row).toMatchObject({ kind: 'text', used_at: null, ttl: 60 });
    expect(row.token_hash).not.toContain(cookie);
    expect(
      await scalar(
        s,
        `SELECT count(*) FROM audit_log a JOIN vms v ON a.target = 'server "' || v.name || '" (#' || v.provisioned_id || ')'
          WHERE a.action = 'VmConsole' AND v.provisioned_id = $1 AND a.result = 'ok'`,
        [provisionedId],
      ),
    ).toBe(1);
  });

  it('keeps each account’s console sessions to itself (row-level security)', async () => {
    const { provisionedId } = await fresh();
    await consoleLink(provisionedId);
    const ids = await idsOf(s, DEMO_USERS.other.email);
    const seen = await s.db.run({ kind: 'tenant', clientId: ids.clientId, userId: ids.userId }, (tx) =>
      tx.query(`SELECT count(*)::int AS n FROM console_sessions`),
    );
    expect(seen.rows[0].n).toBe(0);
    const mine = await s.db.run(
      { kind: 'tenant', clientId: demoClient, userId: (await idsOf(s, DEMO_USERS.demo.email)).userId },
      (tx) => tx.query(`SELECT count(*)::int AS n FROM console_sessions WHERE provisioned_id = $1`, [provisionedId]),
    );
    expect(mine.rows[0].n).toBe(1);
    expect((await s.db.app.query(`SELECT count(*)::int AS n FROM console_sessions`)).rows[0].n).toBe(0);
  });

  it('is a 404 for another account’s server and a 403 for a sub-user without menu-see-cloud-servers', async () => {
    const { provisionedId } = await fresh();
    expectErrorShape(await s.rpc('VmConsole', { p_provisioned_id: provisionedId }, other), 404, 'NotFound');
    const sub = await createSubUser(s, demoClient, { claims: [] });
    expectErrorShape(
      await s.rpc('VmConsole', { p_provisioned_id: provisionedId }, await s.login(sub.email, sub.password)),
      403,
      'CLAIM_REQUIRED',
    );
    expectErrorShape(await s.rpc('VmConsole', { p_provisioned_id: provisionedId }), 401, 'JWT_MISSING');
  });

  it('refuses a server that is being deleted or out of contact, as the other actions do', async () => {
    const gone = await fresh({ power: 'STOPPED' });
    await s.db.owner.query(`UPDATE vms SET state = 'pending-delete' WHERE provisioned_id = $1`, [gone.provisionedId]);
    expectErrorShape(await s.rpc('VmConsole', { p_provisioned_id: gone.provisionedId }, demo), 409, 'VM_PENDING_DELETE');
    const lost = await fresh();
    await s.db.owner.query(`UPDATE vms SET last_seen_at = now() - interval '2 days' WHERE provisioned_id = $1`, [
      lost.provisionedId,
    ]);
    expectErrorShape(await s.rpc('VmConsole', { p_provisioned_id: lost.provisionedId }, demo), 409, 'VM_CONTACT_LOST');
  });
});

describe('the console socket (simulator)', () => {
  it('shows the serial console: banner with the VM name, login, a hidden password, Login incorrect and the spec’s hint', async () => {
    const { provisionedId } = await fresh({ name: 'console-web-1' });
    const c = await connect(await consoleLink(provisionedId));
    expect(c.hello()).toEqual({ type: 'ready', kind: 'text', provisioned_id: provisionedId, name: 'console-web-1' });
    await expect.poll(c.text).toContain('console-web-1 login: ');
    c.ws.send('root\r');
    await expect.poll(c.text).toMatch(/root\r\nPassword: $/);
    c.ws.send('s3cret-pass\r');
    await expect.poll(c.text).toContain('Wrong password for console: use Reset Root Password, then log in as root');
    expect(c.text()).toContain('Login incorrect');
    expect(c.text()).not.toContain('s3cret');
    expect(c.text().endsWith('console-web-1 login: ')).toBe(true);
    // Ctrl-C starts the login over; Ctrl-D on an empty line ends the session.
    c.ws.send('adm\x03');
    await expect.poll(c.text).toMatch(/adm\^C\r\n\r\nconsole-web-1 login: $/);
    c.ws.send('\x04');
    expect(await c.closed).toEqual({ code: 1000, reason: 'Console ended' });
  });

  it('logs in with the password the guest agent set (Reset Root Password) to a shell, and back out', async () => {
    const { provisionedId, vmid } = await fresh({ name: 'console-root' });
    await createSimulatorHypervisor(s.db.owner).setUserPassword(vmid, 'root', 'Agent-set-1');
    const c = await connect(await consoleLink(provisionedId));
    await expect.poll(c.text).toContain('console-root login: ');
    c.ws.send('root\r');
    await expect.poll(c.text).toMatch(/root\r\nPassword: $/);
    c.ws.send('Agent-set-1\r');
    await expect.poll(c.text).toMatch(/root@console-root:~# $/);
    expect(c.text()).not.toContain('Login incorrect');
    c.ws.send('whoami\r');
    await expect.poll(c.text).toMatch(/whoami\r\nroot\r\nroot@console-root:~# $/);
    c.ws.send('exit\r');
    await expect.poll(c.text).toMatch(/exit\r\nlogout\r\n\r\nconsole-root login: $/);
    // Typed at once, the wrong password waits for the login name and is checked after it.
    c.ws.send('root\rAgent-set-2\r');
    await expect.poll(c.text).toContain(WRONG_CONSOLE_PASSWORD);
    expect(c.text()).not.toContain('Agent-set');
    c.ws.send('\x04');
    expect(await c.closed).toEqual({ code: 1000, reason: 'Console ended' });
  });

  it('says a stopped server is not running and closes', async () => {
    const { provisionedId } = await fresh({ power: 'STOPPED', name: 'sleepy' });
    const c = await connect(await consoleLink(provisionedId));
    expect(c.hello()).toMatchObject({ type: 'ready', kind: 'text' });
    expect((await c.closed).code).toBe(1000);
    expect(c.text()).toContain('sleepy is not running');
  });

  it('opens once: a second use of the link is refused with CONSOLE_LINK_USED', async () => {
    const { provisionedId } = await fresh();
    const link = await consoleLink(provisionedId);
    const first = await connect(link);
    expect(first.hello()).toMatchObject({ type: 'ready' });
    const second = await connect(link);
    expect(second.hello()).toEqual({
      type: 'error',
      code: 'CONSOLE_LINK_USED',
      message: 'The console link has been used already',
    });
    expect(await second.closed).toEqual({ code: 4409, reason: 'CONSOLE_LINK_USED' });
    first.ws.close();
  });

  it('refuses an altered hash or epoch, an unknown token, and a link past its minute', async () => {
    const { provisionedId } = await fresh();
    const link = await consoleLink(provisionedId);
    const parts = link.split('/');
    const flip = (h: string) => (h[0] === 'a' ? 'b' : 'a') + h.slice(1);
    for (const bad of [
      [...parts.slice(0, 5), flip(parts[5]!)],
      [...parts.slice(0, 4), String(Number(parts[4]) - 1), parts[5]!],
      [...parts.slice(0, 3), 'A'.repeat(43), ...parts.slice(4)],
    ]) {
      const c = await connect(bad.join('/'));
      expect(c.hello()).toMatchObject({ type: 'error', code: 'CONSOLE_LINK_INVALID' });
      expect((await c.closed).code).toBe(4403);
    }
    // The untouched link still works once: the refusals took nothing.
    const ok = await connect(link);
    expect(ok.hello()).toMatchObject({ type: 'ready' });
    ok.ws.close();

    // 61 s later the epoch is too old.
    const late = await consoleLink(provisionedId);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const c = await connect(late);
      expect(c.hello()).toMatchObject({ type: 'error', code: 'CONSOLE_LINK_EXPIRED' });
      expect((await c.closed).code).toBe(4403);
    } finally {
      vi.useRealTimers();
    }
    // A session the database holds as expired is refused too.
    const stale = await consoleLink(provisionedId);
    await s.db.owner.query(
      `UPDATE console_sessions SET created_at = now() - interval '2 minutes', expires_at = now() - interval '1 minute' WHERE used_at IS NULL AND provisioned_id = $1`,
      [provisionedId],
    );
    expect((await connect(stale)).hello()).toMatchObject({ type: 'error', code: 'CONSOLE_LINK_EXPIRED' });
  });

  it('answers a plain GET (no upgrade) with a 400 and refuses oversized input', async () => {
    expectErrorShape(await s.call('GET', '/console/ws'), 400, 'BAD_REQUEST');
    const { provisionedId } = await fresh();
    const c = await connect(await consoleLink(provisionedId));
    c.ws.send('x'.repeat(5000));
    expect((await c.closed).code).toBe(1009);
  });
});

describe('the console socket’s idle limit', () => {
  it('closes a console without input after the idle time with 4408', async () => {
    // The console socket alone on an app of its own, with a short idle time and its own key.
    const dataKey = crypto.randomBytes(32);
    const app = Fastify();
    await app.register(fastifyWebsocket);
    await registerConsoleSocket(app, { db: s.db, secrets: { dataKey }, hypervisors: s.hypervisors }, { idleMs: 400 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { provisionedId } = await fresh();
      const ids = await idsOf(s, DEMO_USERS.demo.email);
      const u = {
        secrets: { dataKey },
        principal: { kind: 'user', userId: ids.userId, clientId: ids.clientId },
        tenant: (fn) => s.db.run({ kind: 'tenant', clientId: ids.clientId, userId: ids.userId }, fn),
      } as UserCtx;
      const { url } = await openConsole(u, provisionedId);
      const c = await connect(url, `http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
      expect(c.hello()).toMatchObject({ type: 'ready', kind: 'text' });
      expect(await c.closed).toEqual({ code: 4408, reason: 'Console idle' });
    } finally {
      await app.close();
    }
  });
});

describe('the console socket (Proxmox VE)', () => {
  let pve: FakePve;
  let provisionedId = 0;
  beforeAll(async () => {
    pve = await startFakePve({ nodes: [{ name: 'pve-lis-7' }] });
    const staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const reg = await s.rpc(
      'RegisterCluster',
      {
        p_driver: 'proxmox',
        p_name: 'con-pve',
        p_location: 'lisbon',
        p_api_url: pve.url,
        p_token_id: pve.tokenId,
        p_secret: pve.secret,
      },
      staff,
    );
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    provisionedId = (
      await createFakePveVm(s.db, pve, { clientId: demoClient, cluster: 'con-pve', node: 'pve-lis-7', name: 'vnc-box' })
    ).provisionedId;
  });
  afterAll(async () => pve?.close());

  /** The viewer's side of the RFB handshake the portal offers (3.8, security None), then ClientInit. */
  async function viewerHandshake(c: Awaited<ReturnType<typeof connect>>): Promise<Buffer> {
    const binary = () => Buffer.concat(c.frames.filter((f) => f.binary).map((f) => f.data));
    await expect.poll(() => binary().length).toBeGreaterThanOrEqual(12);
    expect(binary().subarray(0, 12).toString()).toBe('RFB 003.008\n');
    c.ws.send(Buffer.from('RFB 003.008\n'));
    await expect.poll(() => binary().length).toBeGreaterThanOrEqual(14);
    expect(binary().subarray(12, 14)).toEqual(Buffer.from([1, 1])); // one type: None
    c.ws.send(Buffer.from([1]));
    await expect.poll(() => binary().length).toBeGreaterThanOrEqual(18);
    expect(binary().subarray(14, 18)).toEqual(Buffer.from([0, 0, 0, 0]));
    c.ws.send(Buffer.from([1])); // ClientInit, shared
    await expect.poll(() => binary().length).toBeGreaterThanOrEqual(18 + 24 + 'vnc-box'.length);
    return binary().subarray(18);
  }

  it('logs in to the VM’s VNC server itself, offers the viewer no password, and pipes the session both ways', async () => {
    const c = await connect(await consoleLink(provisionedId));
    expect(c.hello()).toEqual({ type: 'ready', kind: 'vnc', provisioned_id: provisionedId, name: 'vnc-box' });
    // ServerInit from the VM's VNC server, unchanged: 640×400, 32 bits per pixel, the VM's name.
    const init = await viewerHandshake(c);
    expect([init.readUInt16BE(0), init.readUInt16BE(2), init[4]]).toEqual([640, 400, 32]);
    expect(init.subarray(24, 24 + init.readUInt32BE(20)).toString()).toBe('vnc-box');
    // A key press reaches the VM; a framebuffer request is answered with the screen.
    c.ws.send(Buffer.from([4, 1, 0, 0, 0, 0, 0xff, 0x0d])); // Return, down
    await expect.poll(() => pve.rfbSessions.at(-1)?.keys).toEqual([0xff0d]);
    const before = c.frames.length;
    c.ws.send(Buffer.from([3, 0, 0, 0, 0, 0, 0, 10, 0, 10]));
    await expect
      .poll(() => Buffer.concat(c.frames.slice(before).map((f) => f.data)).length)
      .toBeGreaterThanOrEqual(16 + 640 * 400 * 4);
    // Nothing the browser got names the node, the cluster's address, the port, the ticket or the password.
    const upgrade = pve.requests.filter((r) => r.path.endsWith('/vncwebsocket')).at(-1)!;
    const seen = Buffer.concat(c.frames.map((f) => f.data)).toString('latin1');
    for (const secret of [
      'pve-lis-7',
      '127.0.0.1',
      new URL(pve.url).port,
      upgrade.params.vncticket!,
      upgrade.params.port!,
      pve.secret,
    ]) {
      expect(seen).not.toContain(secret);
    }
    expect(pve.requests.filter((r) => r.path.endsWith('/vncproxy')).at(-1)!.params['generate-password']).toBe('1');
    const session = (await s.db.owner.query(`SELECT kind FROM console_sessions WHERE provisioned_id = $1`, [provisionedId]))
      .rows[0];
    expect(session).toEqual({ kind: 'vnc' });
    // The browser closes: the cluster's socket closes too.
    c.ws.close();
    await expect.poll(() => pve.vncSockets()).toBe(0);
  });

  it('answers CLUSTER_UNAVAILABLE and closes when the VM’s VNC server refuses the password', async () => {
    pve.vncPassword = 'not-it';
    try {
      const c = await connect(await consoleLink(provisionedId));
      expect(c.hello()).toEqual({ type: 'error', code: 'CLUSTER_UNAVAILABLE', message: 'The server’s cluster is not answering' });
      expect(await c.closed).toEqual({ code: 4503, reason: 'CLUSTER_UNAVAILABLE' });
      expect(pve.rfbSessions.at(-1)!.stage).toBe('auth-failed');
    } finally {
      pve.vncPassword = null;
    }
  });

  it('closes a socket that does not speak RFB after the hello', async () => {
    const c = await connect(await consoleLink(provisionedId));
    expect(c.hello()).toMatchObject({ type: 'ready', kind: 'vnc' });
    c.ws.send(Buffer.from('GET / HTTP/1.1\r\n'));
    expect(await c.closed).toEqual({ code: 1002, reason: 'Not a VNC viewer' });
    await expect.poll(() => pve.vncSockets()).toBe(0);
  });

  it('closes the browser’s socket when the cluster’s side ends', async () => {
    const c = await connect(await consoleLink(provisionedId));
    expect(c.hello()).toEqual({ type: 'ready', kind: 'vnc', provisioned_id: provisionedId, name: 'vnc-box' });
    await expect.poll(() => pve.vncSockets()).toBe(1);
    pve.dropVncSockets();
    expect(await c.closed).toEqual({ code: 1000, reason: 'Console ended' });
  });
});
