/**
 * Server-side sessions (issue 9 §6 "Sessions end when the user leaves"): every login opens a
 * session, its tokens carry the session id (sid) and are refused once it has ended — by Logout,
 * SessionEnd from another device, SessionsEndAll, or a password change or reset. MySessions lists
 * the caller's own open sessions only. Real PostgreSQL through real HTTP.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TOUCH_SECONDS } from '../src/http/principal.repository.js';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, mailedCode, newAccount, scalar } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Logs in with the given User-Agent header; answers the token. */
async function loginFrom(email: string, password: string, userAgent: string): Promise<string> {
  const r = await s.call('POST', '/api/rpc/login', {
    body: { p_email: email, p_password: password },
    headers: { 'user-agent': userAgent },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

/** The session id a token carries (not verified: the server does that). */
const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid?: string }).sid;
const works = async (token: string) => (await s.get('MyProfile', token)).status === 200;
const expectRevoked = async (token: string) => expectErrorShape(await s.get('MyProfile', token), 401, 'JWT_REVOKED');
const sessionRow = (id: string) =>
  s.db.owner
    .query(`SELECT last_seen_at, ended_at, end_reason, expires_at FROM sessions WHERE id = $1`, [id])
    .then((r) => r.rows[0]);
const auditOf = (clientId: string, action: string) =>
  s.db.owner
    .query(`SELECT result, target FROM audit_log WHERE client_id = $1 AND action = $2 ORDER BY id`, [clientId, action])
    .then((r) => r.rows);

describe('login opens a session', () => {
  it('puts the session id in the token and records the address and the device, cut to 300 characters', async () => {
    const a = await newAccount(s);
    const token = await loginFrom(a.email, a.password, `${FIREFOX} ${'x'.repeat(400)}`);
    const sid = sidOf(token)!;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const row = (await s.db.owner.query(`SELECT user_id, client_id, ip, device, ended_at FROM sessions WHERE id = $1`, [sid]))
      .rows[0];
    expect(row).toMatchObject({ user_id: a.userId, client_id: a.clientId, ended_at: null });
    expect(row.ip).toMatch(/127\.0\.0\.1/);
    expect(row.device).toHaveLength(300);
    expect(row.device.startsWith(FIREFOX)).toBe(true);
    // Each login is a session of its own.
    expect(sidOf(await s.login(a.email, a.password))).not.toBe(sid);
  });

  it('refuses a token signed with the server key but without a session id (issued before sessions), and one naming another user’s session', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const sign = (claims: Record<string, unknown>, sub: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer('portside')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(s.secrets.jwtKey);
    // The same claims with A's real session do work: the key and the claims are right.
    expect(await works(await sign({ cid: a.clientId, tv: 0, sid: sidOf(a.token) }, a.userId))).toBe(true);
    await expectRevoked(await sign({ cid: a.clientId, tv: 0 }, a.userId));
    await expectRevoked(await sign({ cid: a.clientId, tv: 0, sid: 'not-a-session' }, a.userId));
    await expectRevoked(await sign({ cid: a.clientId, tv: 0, sid: crypto.randomUUID() }, a.userId));
    await expectRevoked(await sign({ cid: a.clientId, tv: 0, sid: sidOf(b.token) }, a.userId));
  });
});

describe('Logout', () => {
  it('ends the caller’s session: its token is refused with 401 JWT_REVOKED, the user’s other session keeps working, and it is logged', async () => {
    const a = await newAccount(s);
    const other = await s.login(a.email, a.password);
    expect((await s.rpc('Logout', {}, a.token)).body).toEqual({ success: true });
    await expectRevoked(a.token);
    expectErrorShape(await s.rpc('Logout', {}, a.token), 401, 'JWT_REVOKED');
    expect(await works(other)).toBe(true);
    expect(await sessionRow(sidOf(a.token)!)).toMatchObject({ end_reason: 'logout', ended_at: expect.any(Date) });
    // The log names the session ended by its device (the test client's User-Agent) and id.
    expect(await auditOf(a.clientId, 'Logout')).toEqual([{ result: 'ok', target: `session "node" (#${sidOf(a.token)})` }]);
    expectErrorShape(await s.rpc('Logout', {}), 401, 'JWT_MISSING');
  });

  it('leaves no way to renew the ended session: RefreshToken is refused', async () => {
    const a = await newAccount(s);
    const renewed = await s.rpc('RefreshToken', {}, a.token);
    expect(renewed.status).toBe(200);
    // A renewal continues the same session.
    expect(sidOf(renewed.body.token)).toBe(sidOf(a.token));
    await s.rpc('Logout', {}, a.token);
    expectErrorShape(await s.rpc('RefreshToken', {}, a.token), 401, 'JWT_REVOKED');
    // The renewed token belonged to the same session, so it ended too.
    await expectRevoked(renewed.body.token);
  });
});

describe('MySessions', () => {
  it('lists the caller’s open sessions, the most recently active first, with the current one marked', async () => {
    const a = await newAccount(s);
    const firefox = await loginFrom(a.email, a.password, FIREFOX);
    const safari = await loginFrom(a.email, a.password, SAFARI);
    const ended = await s.login(a.email, a.password);
    await s.rpc('Logout', {}, ended);
    await s.db.owner.query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE id = $1`, [sidOf(firefox)]);
    await s.db.owner.query(`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE id = $1`, [sidOf(a.token)]);

    // Asking is activity too: the Safari session is the most recent one.
    const r = await s.get('MySessions', safari);
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: string }) => x.id)).toEqual([sidOf(safari), sidOf(firefox), sidOf(a.token)]);
    expect(Object.keys(r.body[0]).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_seen_at']);
    expect(r.body.map((x: { current: boolean }) => x.current)).toEqual([true, false, false]);
    expect(r.body[1]).toMatchObject({ device: FIREFOX, ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(r.body[0].device).toBe(SAFARI);
    // Seen from Firefox, Firefox is the current one; PostgREST filters work on the view.
    expect((await s.get('MySessions?current=eq.true', firefox)).body.map((x: { id: string }) => x.id)).toEqual([sidOf(firefox)]);
  });

  it('leaves out a session whose tokens have all expired', async () => {
    const a = await newAccount(s);
    const old = await s.login(a.email, a.password);
    await s.db.owner.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sidOf(old)]);
    expect((await s.get('MySessions', a.token)).body.map((x: { id: string }) => x.id)).toEqual([sidOf(a.token)]);
  });

  it('never shows another user’s sessions: the owner and a sub-user of one account, and another account', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: [] });
    const subToken = await s.login(sub.email, sub.password);
    const b = await newAccount(s);
    const ids = async (token: string) => (await s.get('MySessions', token)).body.map((x: { id: string }) => x.id);
    expect(await ids(a.token)).toEqual([sidOf(a.token)]);
    expect(await ids(subToken)).toEqual([sidOf(subToken)]);
    expect(await ids(b.token)).toEqual([sidOf(b.token)]);
    // Not even when asked for by id.
    expect((await s.get(`MySessions?id=eq.${sidOf(a.token)}`, subToken)).body).toEqual([]);
  });
});

describe('SessionEnd', () => {
  it('ends another session of the caller: its token is refused at once and it leaves the list', async () => {
    const a = await newAccount(s);
    const laptop = await s.login(a.email, a.password);
    expect((await s.rpc('SessionEnd', { p_session: sidOf(laptop) }, a.token)).body).toEqual({ success: true });
    await expectRevoked(laptop);
    expect(await works(a.token)).toBe(true);
    expect((await s.get('MySessions', a.token)).body.map((x: { id: string }) => x.id)).toEqual([sidOf(a.token)]);
    expect(await sessionRow(sidOf(laptop)!)).toMatchObject({ end_reason: 'ended' });
    expect(await auditOf(a.clientId, 'SessionEnd')).toEqual([{ result: 'ok', target: `session "node" (#${sidOf(laptop)})` }]);
    // Already ended: nothing left to end.
    expectErrorShape(await s.rpc('SessionEnd', { p_session: sidOf(laptop) }, a.token), 404, 'NotFound');
  });

  it('answers 404 for another user’s session (same account or not) and for an unknown id, and changes nothing', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: [] });
    const subToken = await s.login(sub.email, sub.password);
    const b = await newAccount(s);
    for (const [caller, victim] of [
      [subToken, a.token],
      [a.token, subToken],
      [b.token, a.token],
    ] as const) {
      expectErrorShape(await s.rpc('SessionEnd', { p_session: sidOf(victim) }, caller), 404, 'NotFound');
      expect(await works(victim)).toBe(true);
      expect(await sessionRow(sidOf(victim)!)).toMatchObject({ ended_at: null });
    }
    expectErrorShape(await s.rpc('SessionEnd', { p_session: crypto.randomUUID() }, a.token), 404, 'NotFound');
    const bad = await s.rpc('SessionEnd', { p_session: 'nope' }, a.token);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(detailLines(bad)).toEqual(['p_session: invalid_data']);
    expect(
      await scalar(s, `SELECT count(*) FROM sessions WHERE client_id = ANY ($1::uuid[]) AND ended_at IS NOT NULL`, [
        [a.clientId, b.clientId],
      ]),
    ).toBe(0);
  });
});

describe('SessionsEndAll (log out everywhere)', () => {
  it('needs p_confirm: true, then ends every session of the caller including this one, and no other user’s', async () => {
    const a = await newAccount(s);
    const phone = await s.login(a.email, a.password);
    const sub = await createSubUser(s, a.clientId, { claims: [] });
    const subToken = await s.login(sub.email, sub.password);
    const refused = await s.rpc('SessionsEndAll', {}, a.token);
    expectErrorShape(refused, 400, 'VALIDATION_FAILED');
    expect(detailLines(refused)).toEqual(['p_confirm: invalid_data']);
    expect(await works(a.token)).toBe(true);

    expect((await s.rpc('SessionsEndAll', { p_confirm: true }, phone)).body).toEqual({ success: true, ended: 2 });
    await expectRevoked(phone);
    await expectRevoked(a.token);
    expect(await works(subToken)).toBe(true);
    expect(await auditOf(a.clientId, 'SessionsEndAll')).toEqual([{ result: 'ok', target: `2 sessions of user "${a.email}"` }]);
    // A new login starts afresh.
    const fresh = await s.login(a.email, a.password);
    expect((await s.get('MySessions', fresh)).body.map((x: { id: string }) => x.id)).toEqual([sidOf(fresh)]);
  });
});

describe('last_seen_at', () => {
  it('moves with the session’s requests, but is written at most once a minute', async () => {
    const a = await newAccount(s);
    const sid = sidOf(a.token)!;
    await s.db.owner.query(`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE id = $1`, [sid]);
    const before = Date.now();
    expect(await works(a.token)).toBe(true);
    const touched = (await sessionRow(sid)).last_seen_at as Date;
    expect(touched.getTime()).toBeGreaterThan(before - 5_000);

    // Within the minute, requests write nothing.
    const recent = (SESSION_TOUCH_SECONDS - 20) * 1000;
    await s.db.owner.query(`UPDATE sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      sid,
      recent / 1000,
    ]);
    const held = (await sessionRow(sid)).last_seen_at as Date;
    expect(await works(a.token)).toBe(true);
    expect(await works(a.token)).toBe(true);
    expect(((await sessionRow(sid)).last_seen_at as Date).getTime()).toBe(held.getTime());
  });
});

describe('a password change or reset ends the other sessions', () => {
  it('ResetPassword keeps this session (same sid, new token) and ends the others in the list too', async () => {
    const a = await newAccount(s);
    const other = await s.login(a.email, a.password);
    const r = await s.rpc(
      'ResetPassword',
      { p_old_password: a.password, p_password: 'n3w-pass', p_password_repeat: 'n3w-pass' },
      a.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(sidOf(r.body.token)).toBe(sidOf(a.token));
    await expectRevoked(other);
    expect(await sessionRow(sidOf(other)!)).toMatchObject({ end_reason: 'password_changed' });
    expect(
      (await s.get('MySessions', r.body.token)).body.map((x: { id: string; current: boolean }) => [x.id, x.current]),
    ).toEqual([[sidOf(a.token), true]]);
  });

  it('ForgotPasswordConfirm ends every session of the user', async () => {
    const a = await newAccount(s);
    const other = await s.login(a.email, a.password);
    await s.rpc('ForgotPassword', { p_email: a.email });
    const code = await mailedCode(s, a.email);
    expect(
      (
        await s.rpc('ForgotPasswordConfirm', {
          p_email: a.email,
          p_code: code,
          p_password: 'brandnew1',
          p_password_repeat: 'brandnew1',
        })
      ).status,
    ).toBe(200);
    for (const token of [a.token, other]) expect(await sessionRow(sidOf(token)!)).toMatchObject({ end_reason: 'password_reset' });
    const fresh = await s.login(a.email, 'brandnew1');
    expect((await s.get('MySessions', fresh)).body.map((x: { id: string }) => x.id)).toEqual([sidOf(fresh)]);
  });
});
