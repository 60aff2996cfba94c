import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CLAIMS, OPERATOR_CLAIMS } from '@portside/contract/constants';
import { DEMO_USERS, startTestServer, type TestServer, type Json } from './harness.js';
import {
  NO_RATE_LIMIT,
  createSubUser,
  detailLines,
  expectErrorShape,
  idsOf,
  mailedCode,
  scalar,
  uniqueEmail,
} from './factories.js';

let s: TestServer;
let ownerA: string;
let ownerB: string;
let A: { userId: string; clientId: string };
/** A sub-user of A who may look at users (menu-see-users) but is not the owner. */
let viewerA: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  A = await idsOf(s, DEMO_USERS.demo.email);
  ownerA = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  ownerB = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  const v = await createSubUser(s, A.clientId, { claims: ['menu-see-users', 'logs-see'] });
  viewerA = await s.login(v.email, v.password);
});
afterAll(async () => s?.stop());

const newUser = (over: Record<string, string> = {}) => ({
  p_email: uniqueEmail('new'),
  p_first_name: 'Nina',
  p_last_name: 'New',
  p_password: 'nina1234',
  p_password_confirm: 'nina1234',
  ...over,
});
/** A confirmed sub-user of A without claims, with a logged-in token. */
async function subOfA(claims: string[] = []) {
  const u = await createSubUser(s, A.clientId, { claims });
  return { ...u, token: await s.login(u.email, u.password) };
}
const usersOf = async (token: string, qs = '') => (await s.get(`MyUsers${qs}`, token)).body as Array<Record<string, Json>>;
const logsOf = async (token: string, qs = '') => (await s.get(`MyLogs?${qs}`, token)).body as Array<Record<string, Json>>;

describe('MyUsers and MyClaims', () => {
  it('lists the users of the own account only, the owner first with every customer claim', async () => {
    const rows = await usersOf(ownerA);
    expect(rows[0]).toMatchObject({
      email: DEMO_USERS.demo.email,
      is_owner: true,
      blocked: false,
      confirmed: true,
      client: null,
    });
    expect([...rows[0]!.claims].sort()).toEqual([...CUSTOMER_CLAIMS].sort());
    expect(rows.map((r) => r.email)).toContain(DEMO_USERS.sub.email);
    expect(rows.find((r) => r.email === DEMO_USERS.sub.email)!.claims).toEqual(['menu-see-cloud-servers']);
    expect((await usersOf(ownerB)).map((r) => r.email)).toEqual([DEMO_USERS.other.email]);
  });

  it('finds a user by username, the e-mail lower-cased', async () => {
    const u = await createSubUser(s, A.clientId, { email: `Mixed.${uniqueEmail('case')}` });
    const rows = await usersOf(ownerA, `?username=eq.${encodeURIComponent(u.email.toLowerCase())}`);
    expect(rows.map((r) => r.email)).toEqual([u.email]);
  });

  it('fills the Client column only for callers holding pg-see-client', async () => {
    const seer = await subOfA(['menu-see-users', 'pg-see-client']);
    expect((await usersOf(seer.token)).every((r) => r.client === A.clientId)).toBe(true);
    expect((await usersOf(viewerA)).every((r) => r.client === null)).toBe(true);
    const staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const staffIds = await idsOf(s, DEMO_USERS.staff.email);
    expect((await usersOf(staff)).map((r) => r.client)).toContain(staffIds.clientId);
  });

  it('MyClaims lists what the caller can grant: every customer claim for an owner (staff too), none for a sub-user', async () => {
    const claims = async (t: string) => ((await s.get('MyClaims', t)).body as Array<{ claim: string }>).map((c) => c.claim);
    expect(await claims(ownerA)).toEqual([...CUSTOMER_CLAIMS].sort());
    expect(await claims(await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password))).toEqual([...CUSTOMER_CLAIMS].sort());
    expect(await claims(viewerA)).toEqual([]);
    expectErrorShape(await s.get('MyClaims', (await subOfA()).token), 403, 'CLAIM_REQUIRED');
  });
});

describe('AddMyUser', () => {
  it('adds an unconfirmed sub-user without claims who must confirm the mailed code before logging in', async () => {
    const body = newUser({ p_email: uniqueEmail('Invite').replace('invite', 'Invite') });
    const email = body.p_email.toLowerCase();
    const r = await s.rpc('AddMyUser', body, ownerA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ email, confirmed: false });
    expect((await idsOf(s, email)).clientId).toBe(A.clientId);
    const row = (await usersOf(ownerA, `?username=eq.${email}`))[0]!;
    expect(row).toMatchObject({ is_owner: false, blocked: false, confirmed: false, claims: [] });
    const mail = await s.lastMail(email);
    expect(mail!.subject).toContain('Demo Lda');
    expect(mail!.text).toContain(DEMO_USERS.demo.email);
    expectErrorShape(await s.rpc('login', { p_email: email, p_password: body.p_password }), 403, 'UNCONFIRMED_EMAIL');
    expect((await s.rpc('ConfirmEmail', { p_email: email, p_otp: await mailedCode(s, email) })).status).toBe(200);
    expect(await s.login(email, body.p_password)).toBeTruthy();
  });

  it("refuses passwords that don't match and empty required fields, adding nobody", async () => {
    const before = await scalar(s, 'SELECT count(*) FROM users');
    const r = await s.rpc('AddMyUser', newUser({ p_password_confirm: 'other123' }), ownerA);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual(['p_password_confirm: passwords_dont_match']);
    expect(r.body.hint).toBe("Passwords don't match");
    const empty = await s.rpc('AddMyUser', {}, ownerA);
    expect(detailLines(empty)).toEqual(
      expect.arrayContaining(['p_email: email_empty', 'p_first_name: first_name_empty', 'p_last_name: last_name_empty']),
    );
    expect(await scalar(s, 'SELECT count(*) FROM users')).toBe(before);
  });

  it('refuses an address any account already uses, whatever its case', async () => {
    expectErrorShape(
      await s.rpc('AddMyUser', newUser({ p_email: DEMO_USERS.other.email.toUpperCase() }), ownerA),
      409,
      'EMAIL_TAKEN',
    );
    expectErrorShape(await s.rpc('AddMyUser', newUser({ p_email: DEMO_USERS.sub.email }), ownerA), 409, 'EMAIL_TAKEN');
  });
});

describe('only the owner changes users', () => {
  it('answers 422 OWNER_REQUIRED to a sub-user holding menu-see-users for every change, changing nothing', async () => {
    const victim = await subOfA(['logs-see']);
    const calls: Array<[string, object]> = [
      ['AddMyUser', newUser()],
      ['UpdateMyUser', { p_user: victim.email, p_first_name: 'X', p_last_name: 'Y' }],
      ['UserBlockToggle', { p_user: victim.email }],
      ['MyUserDelete', { p_user: victim.email }],
      ['ProfilesSetPassword', { p_user: victim.email, p_password: 'hack1234', p_password_confirm: 'hack1234' }],
      ['GrantClaimsToMyUser', { p_user: victim.email, p_claims: ['menu-see-ipsets'] }],
      ['RevokeClaimsFromMyUser', { p_user: victim.email, p_claims: ['logs-see'] }],
      ['UserBlockToggle', { p_user: DEMO_USERS.demo.email }],
    ];
    for (const [name, body] of calls) expectErrorShape(await s.rpc(name, body, viewerA), 422, 'OWNER_REQUIRED');
    expect((await usersOf(viewerA, `?username=eq.${victim.email}`))[0]).toMatchObject({
      first_name: 'Sub',
      blocked: false,
      claims: ['logs-see'],
    });
    expect((await s.get('MyProfile', victim.token)).status).toBe(200);
  });

  it('protects the owner: no block, delete, password or claim change, but a name change is fine', async () => {
    const me = { p_user: DEMO_USERS.demo.email };
    for (const [name, body] of [
      ['UserBlockToggle', me],
      ['MyUserDelete', me],
      ['ProfilesSetPassword', { ...me, p_password: 'newpass1', p_password_confirm: 'newpass1' }],
      ['GrantClaimsToMyUser', { ...me, p_claims: ['logs-see'] }],
      ['RevokeClaimsFromMyUser', { ...me, p_claims: ['logs-see'] }],
    ] as const) {
      expectErrorShape(await s.rpc(name, body, ownerA), 422, 'OWNER_PROTECTED');
    }
    expect((await s.rpc('UpdateMyUser', { ...me, p_first_name: 'Dana', p_last_name: 'Demo' }, ownerA)).status).toBe(200);
    expect((await s.get('MyProfile', ownerA)).status).toBe(200);
  });
});

describe('claims', () => {
  it('grants and revokes customer claims, which apply to the sub-user’s very next request', async () => {
    const u = await subOfA();
    expectErrorShape(await s.get('MyLogs', u.token), 403, 'CLAIM_REQUIRED');
    const g = await s.rpc(
      'GrantClaimsToMyUser',
      { p_user: u.email.toUpperCase(), p_claims: ['logs-see', 'menu-see-ipsets', 'logs-see'] },
      ownerA,
    );
    expect(g.body).toEqual({ claims: ['logs-see', 'menu-see-ipsets'] });
    expect((await s.get('MyLogs', u.token)).status).toBe(200);
    expect((await s.get('MyProfile', u.token)).body[0].claims).toEqual(['logs-see', 'menu-see-ipsets']);
    const r = await s.rpc('RevokeClaimsFromMyUser', { p_user: u.email, p_claims: ['logs-see'] }, ownerA);
    expect(r.body).toEqual({ claims: ['menu-see-ipsets'] });
    expectErrorShape(await s.get('MyLogs', u.token), 403, 'CLAIM_REQUIRED');
  });

  it('never grants an operator claim or an unknown one', async () => {
    const u = await subOfA();
    for (const c of [...OPERATOR_CLAIMS, 'superuser']) {
      const r = await s.rpc('GrantClaimsToMyUser', { p_user: u.email, p_claims: ['logs-see', c] }, ownerA);
      expect(detailLines(r), c).toEqual(['p_claims: claim_invalid']);
    }
    expect(await scalar(s, 'SELECT count(*) FROM user_claims WHERE user_id = $1', [u.userId])).toBe(0);
  });
});

/** The user's sessions still open in the sessions list (what MySessions would show them). */
const openSessionsOf = (email: string) =>
  scalar(
    s,
    `SELECT count(*) FROM sessions x JOIN users u ON u.id = x.user_id WHERE lower(u.email) = lower($1) AND x.ended_at IS NULL`,
    [email],
  ).then(Number);

describe('block, password and delete end sessions at once', () => {
  it('a blocked sub-user loses the open session immediately, cannot log in, and an unblock does not revive the old token', async () => {
    const u = await subOfA(['logs-see']);
    expect((await s.get('MyProfile', u.token)).status).toBe(200);
    expect((await s.rpc('UserBlockToggle', { p_user: u.email }, ownerA)).body).toEqual({ blocked: true });
    expectErrorShape(await s.get('MyProfile', u.token), 401, 'JWT_REVOKED');
    expect(await openSessionsOf(u.email)).toBe(0);
    expectErrorShape(await s.rpc('login', { p_email: u.email, p_password: u.password }), 403, 'ACCOUNT_BLOCKED');
    expect((await usersOf(ownerA, `?username=eq.${u.email}`))[0]!.blocked).toBe(true);
    expect((await s.rpc('UserBlockToggle', { p_user: u.email }, ownerA)).body).toEqual({ blocked: false });
    expectErrorShape(await s.get('MyProfile', u.token), 401, 'JWT_REVOKED');
    expect((await s.get('MyProfile', await s.login(u.email, u.password))).status).toBe(200);
  });

  it('a new password set by the owner ends the sessions and replaces the old password', async () => {
    const u = await subOfA();
    const bad = await s.rpc(
      'ProfilesSetPassword',
      { p_user: u.email, p_password: 'fresh123', p_password_confirm: 'fresh124' },
      ownerA,
    );
    expect(detailLines(bad)).toEqual(['p_password_confirm: passwords_dont_match']);
    expect(await openSessionsOf(u.email)).toBe(1);
    expect(
      (await s.rpc('ProfilesSetPassword', { p_user: u.email, p_password: 'fresh123', p_password_confirm: 'fresh123' }, ownerA))
        .status,
    ).toBe(200);
    expectErrorShape(await s.get('MyProfile', u.token), 401, 'JWT_REVOKED');
    expect(await openSessionsOf(u.email)).toBe(0);
    expectErrorShape(await s.rpc('login', { p_email: u.email, p_password: u.password }), 401, 'INVALID_CREDENTIALS');
    expect(await s.login(u.email, 'fresh123')).toBeTruthy();
  });

  it('a deleted sub-user is gone with their session and claims; their log entries stay', async () => {
    const u = await subOfA(['logs-see']);
    expect((await s.rpc('MyUserDelete', { p_user: u.email }, ownerA)).status).toBe(200);
    expectErrorShape(await s.get('MyProfile', u.token), 401, 'JWT_REVOKED');
    expectErrorShape(await s.rpc('login', { p_email: u.email, p_password: u.password }), 401, 'INVALID_CREDENTIALS');
    expect(await scalar(s, 'SELECT count(*) FROM user_claims WHERE user_id = $1', [u.userId])).toBe(0);
    expect(await scalar(s, `SELECT count(*) FROM audit_log WHERE user_id = $1 AND action = 'login'`, [u.userId])).toBeGreaterThan(
      0,
    );
    expectErrorShape(await s.rpc('MyUserDelete', { p_user: u.email }, ownerA), 404, 'NotFound');
  });
});

describe('tenant isolation', () => {
  it('gives customer B a 404 for every call on A’s users and changes nothing of A', async () => {
    const u = await subOfA(['logs-see']);
    const ref = { p_user: u.email };
    for (const [name, body] of [
      ['UpdateMyUser', { ...ref, p_first_name: 'B', p_last_name: 'B' }],
      ['UserBlockToggle', ref],
      ['MyUserDelete', ref],
      ['ProfilesSetPassword', { ...ref, p_password: 'bbbb1234', p_password_confirm: 'bbbb1234' }],
      ['GrantClaimsToMyUser', { ...ref, p_claims: ['menu-see-ipsets'] }],
      ['RevokeClaimsFromMyUser', { ...ref, p_claims: ['logs-see'] }],
    ] as const) {
      expectErrorShape(await s.rpc(name, body, ownerB), 404, 'NotFound');
    }
    expect(await usersOf(ownerB, `?username=eq.${u.email}`)).toEqual([]);
    expect((await usersOf(ownerA, `?username=eq.${u.email}`))[0]).toMatchObject({
      first_name: 'Sub',
      blocked: false,
      claims: ['logs-see'],
    });
    expect((await s.get('MyProfile', u.token)).status).toBe(200);
  });
});

describe('the log of user changes', () => {
  it('records every call with its target and result in the own account’s log only', async () => {
    const body = newUser();
    await s.rpc('AddMyUser', body, ownerA);
    await s.rpc('GrantClaimsToMyUser', { p_user: body.p_email, p_claims: ['menu-see-ipsets'] }, ownerA);
    await s.rpc('UserBlockToggle', { p_user: DEMO_USERS.demo.email }, ownerA);
    await s.rpc('UserBlockToggle', { p_user: body.p_email }, ownerB);
    const mine = await logsOf(ownerA, `target=like.${encodeURIComponent(`user "${body.p_email}"*`)}&order=id.asc`);
    const added = (await usersOf(ownerA, `?username=eq.${body.p_email}`))[0] as { id: string };
    expect(mine.map((e) => [e.action, e.target, e.result, e.actor_email])).toEqual([
      ['AddMyUser', `user "${body.p_email}" (#${added.id})`, 'ok', DEMO_USERS.demo.email],
      ['GrantClaimsToMyUser', `user "${body.p_email}" (menu-see-ipsets)`, 'ok', DEMO_USERS.demo.email],
    ]);
    const named = (email: string) => encodeURIComponent(`user "${email}"`);
    const refused = await logsOf(ownerA, `action=eq.UserBlockToggle&target=eq.${named(DEMO_USERS.demo.email)}`);
    expect(refused[0]).toMatchObject({ result: 'error', actor_email: DEMO_USERS.demo.email });
    const bLog = await logsOf(ownerB, `target=eq.${named(body.p_email)}`);
    expect(bLog.map((e) => [e.action, e.result])).toEqual([['UserBlockToggle', 'error']]);
  });
});

describe('pages addressed by e-mail', () => {
  it('serves the app for /users/<e-mail> and the confirmation link, though they end in a domain; build files stay 404', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portside SPA</title>');
    const spa = await startTestServer({ webDist: dist });
    try {
      for (const p of ['/users/sam%40example.test', '/users/ana@firma.de', '/confirm-email/123456/sam%40example.com']) {
        const r = await spa.call('GET', p);
        expect(r.status, p).toBe(200);
        expect(r.body, p).toContain('Portside SPA');
      }
      for (const p of ['/assets/index-abc123.js', '/assets/missing', '/missing.css', '/favicon.ico']) {
        expectErrorShape(await spa.call('GET', p), 404, 'NotFound');
      }
    } finally {
      await spa.stop();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
