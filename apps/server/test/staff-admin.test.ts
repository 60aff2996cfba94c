/**
 * The staff's screens of issue 18 through the API: the status messages' history (current and
 * ended), the addresses the rate limiter has banned with when, why, how often and until when, and
 * UnbanAPIAccessIP, which lets the address's next login in at once and is audited with the address.
 * A customer gets none of it; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { expectErrorShape, newAccount, scalar } from './factories.js';

const WINDOW = 900;
const PER_IP = 4;

let s: TestServer;
let staff: string;
let customer: string;

beforeAll(async () => {
  // Addresses come from X-Forwarded-For (a trusted proxy on loopback), so each test has its own.
  s = await startTestServer({
    rateLimit: { windowSeconds: WINDOW, perIp: PER_IP, perAccount: 100, baseDelayMs: 0, maxDelayMs: 0 },
    trustProxy: ['loopback'],
  });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  customer = (await newAccount(s)).token;
});
afterAll(async () => s?.stop());

const loginFrom = (ip: string, password: string, email: string = DEMO_USERS.demo.email) =>
  s.call('POST', '/api/rpc/login', { body: { p_email: email, p_password: password }, headers: { 'x-forwarded-for': ip } });

async function failLogins(ip: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await loginFrom(ip, 'wrong-password')).status).toBe(401);
}

const banned = async (query = '') => (await s.get(`BannedIPs${query}`, staff)).body as Json[];

describe('the status messages history', () => {
  it('lists current and ended messages with who posted them, newest first; customers are refused', async () => {
    const posted = await s.rpc('PostInternalStatus', { p_message: 'Old maintenance', p_level: 'info' }, staff);
    // An answer with a `message` field is an error to the web client (spec 2 §8): the id alone.
    expect(posted.body).toEqual({ id: expect.any(Number) });
    const first = posted.body.id;
    const second = (await s.rpc('PostInternalStatus', { p_message: 'Network trouble', p_level: 'critical' }, staff)).body.id;
    expect((await s.rpc('EndInternalStatus', { p_id: first }, staff)).status).toBe(200);

    const r = await s.get(`InternalStatusHistory?id=in.(${first},${second})`, staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({
        id: second,
        level: 'critical',
        message: 'Network trouble',
        created_by: DEMO_USERS.staff.email,
        ended_at: null,
      }),
      expect.objectContaining({ id: first, level: 'info', message: 'Old maintenance', ended_at: expect.any(String) }),
    ]);
    const active = (await s.get('InternalStatusHistory?ended_at=is.null', staff)).body as Json[];
    expect(active.map((x) => x.id)).toContain(second);
    expect(active.map((x) => x.id)).not.toContain(first);

    expectErrorShape(await s.get('InternalStatusHistory', customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.get('InternalStatusHistory'), 401);
  });
});

describe('banned addresses', () => {
  it('lists an address once its failed logins reach the per-address limit, with kind, count and until', async () => {
    await failLogins('198.51.100.7', PER_IP - 1);
    expect(await banned('?ip=eq.198.51.100.7')).toEqual([]);
    await failLogins('198.51.100.7', 1);
    const [row, ...more] = await banned('?ip=eq.198.51.100.7');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ ip: '198.51.100.7', kind: 'login', failures: PER_IP, max_failures: PER_IP });
    const firstAt = Date.parse(row.first_at);
    expect(Date.parse(row.last_at)).toBeGreaterThanOrEqual(firstAt);
    // Banned until the oldest failure leaves the window.
    expect(Date.parse(row.until) - firstAt).toBe(WINDOW * 1000);
    expectErrorShape(await loginFrom('198.51.100.7', DEMO_USERS.demo.password), 429, 'RATE_LIMITED');
  });

  it('names the kind: failed password resets are listed apart from logins', async () => {
    for (let i = 0; i < PER_IP; i++)
      await s.call('POST', '/api/rpc/ForgotPassword', {
        body: { p_email: `nobody${i}@example.test` },
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
    expect((await banned('?ip=eq.198.51.100.8')).map((x) => x.kind)).toEqual(['reset']);
  });

  it('is for staff only', async () => {
    expectErrorShape(await s.get('BannedIPs', customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.get('BannedIPs'), 401);
  });
});

describe('UnbanAPIAccessIP', () => {
  it('clears the address so its next login is accepted at once, and logs the address as the target', async () => {
    await failLogins('203.0.113.9', PER_IP);
    expectErrorShape(await loginFrom('203.0.113.9', DEMO_USERS.demo.password), 429, 'RATE_LIMITED');
    // Another address's counters stay.
    await failLogins('203.0.113.10', PER_IP);

    const r = await s.rpc('UnbanAPIAccessIP', { p_ip: ' 203.0.113.9 ' }, staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ip: '203.0.113.9', cleared: PER_IP });
    expect(await banned('?ip=eq.203.0.113.9')).toEqual([]);
    expect(await banned('?ip=eq.203.0.113.10')).toHaveLength(1);
    expect((await loginFrom('203.0.113.9', DEMO_USERS.demo.password)).status).toBe(200);

    const log = await s.db.owner.query<{ action: string; target: string; result: string }>(
      `SELECT action, target, result FROM audit_log WHERE action = 'UnbanAPIAccessIP' ORDER BY id DESC LIMIT 1`,
    );
    expect(log.rows[0]).toMatchObject({ action: 'UnbanAPIAccessIP', result: 'ok' });
    expect(log.rows[0]!.target).toContain('203.0.113.9');
  });

  it('clears an IPv6 address given in any spelling, and its per-account counters too', async () => {
    await failLogins('2001:db8::42', PER_IP);
    expect(await scalar(s, `SELECT count(*) FROM rate_events WHERE key LIKE 'login:pair:2001:db8::42:%'`)).toBe(PER_IP);
    const r = await s.rpc('UnbanAPIAccessIP', { p_ip: '2001:0DB8:0:0::42' }, staff);
    expect(r.body).toEqual({ ip: '2001:db8::42', cleared: PER_IP });
    expect(await scalar(s, `SELECT count(*) FROM rate_events WHERE key LIKE '%2001:db8::42%'`)).toBe(0);
    expect((await loginFrom('2001:db8::42', DEMO_USERS.demo.password)).status).toBe(200);
  });

  it('answers IP_NOT_BANNED for an address without counters, and refuses a bad address, changing nothing', async () => {
    await failLogins('203.0.113.11', PER_IP);
    const before = await scalar(s, `SELECT count(*) FROM rate_events`);
    expectErrorShape(await s.rpc('UnbanAPIAccessIP', { p_ip: '192.0.2.250' }, staff), 404, 'IP_NOT_BANNED');
    for (const p_ip of ['203.0.113.0/24', 'not an address', '', 42])
      expectErrorShape(await s.rpc('UnbanAPIAccessIP', { p_ip }, staff), 400, 'VALIDATION_FAILED');
    expectErrorShape(await s.rpc('UnbanAPIAccessIP', { p_ip: '203.0.113.11' }, customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.rpc('UnbanAPIAccessIP', { p_ip: '203.0.113.11' }), 401);
    expect(await scalar(s, `SELECT count(*) FROM rate_events`)).toBe(before);
    expect(await banned('?ip=eq.203.0.113.11')).toHaveLength(1);
  });
});
