/**
 * Profile and settings calls (spec 2 §7 Account): ResetPassword, ProfileUpdateTimeout with the
 * token lifetime it drives, MyLogoutTime, RefreshToken, ProfileUpdateTimezone,
 * ProfileUpdateBillingAddress and TelegramRequest. Account deletion is in account-delete.test.ts.
 */
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ADDRESS_FIELDS } from '@portside/contract/schemas/settings';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, newAccount, registerBody, scalar } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

/** The claims of a JWT (not verified: the server does that). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number; tv: number };
const lifetimeOf = (token: string) => claimsOf(token).exp - claimsOf(token).iat;
const auditOf = (clientId: string, action: string) =>
  s.db.owner
    .query(`SELECT result, target FROM audit_log WHERE client_id = $1 AND action = $2 ORDER BY id`, [clientId, action])
    .then((r) => r.rows);

describe('ResetPassword (change password on /profile)', () => {
  it('refuses a wrong old password with WRONG_PASSWORD, keeps the password and logs the attempt', async () => {
    const a = await newAccount(s);
    const r = await s.rpc(
      'ResetPassword',
      { p_old_password: 'not-it', p_password: 'fresh1', p_password_repeat: 'fresh1' },
      a.token,
    );
    expectErrorShape(r, 422, 'WRONG_PASSWORD');
    expect(r.body.message).toBe('The old password is not correct');
    expect((await s.get('MyProfile', a.token)).status).toBe(200);
    await s.login(a.email, a.password);
    expect(await auditOf(a.clientId, 'ResetPassword')).toEqual([{ result: 'error', target: `user "${a.email}"` }]);
  });

  it('applies the registration password rule and says Passwords are not matching', async () => {
    const a = await newAccount(s);
    const cases: Array<[object, string[]]> = [
      [{}, ['p_old_password: password_old_empty', 'p_password: password_empty', 'p_password_repeat: password_repeat_empty']],
      [{ p_old_password: a.password, p_password: 'has space', p_password_repeat: 'has space' }, ['p_password: password_spaces']],
      [{ p_old_password: a.password, p_password: 'abc', p_password_repeat: 'abc' }, ['p_password: password_too_short']],
      [
        { p_old_password: a.password, p_password: 'fresh1', p_password_repeat: 'fresh2' },
        ['p_password_repeat: passwords_not_matching'],
      ],
    ];
    for (const [body, lines] of cases) {
      const r = await s.rpc('ResetPassword', body, a.token);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r)).toEqual(lines);
    }
    expect((await s.rpc('ResetPassword', cases[3]![0], a.token)).body.hint).toContain('Passwords are not matching');
    await s.login(a.email, a.password);
  });

  it('sets the new password, ends every other session and answers a fresh token for this one', async () => {
    const a = await newAccount(s);
    const other = await s.login(a.email, a.password);
    const r = await s.rpc(
      'ResetPassword',
      { p_old_password: a.password, p_password: 'n3w-pass', p_password_repeat: 'n3w-pass' },
      a.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, token: expect.any(String) });
    expect(claimsOf(r.body.token).tv).toBe(claimsOf(a.token).tv + 1);
    expectErrorShape(await s.get('MyProfile', a.token), 401, 'JWT_REVOKED');
    expectErrorShape(await s.get('MyProfile', other), 401, 'JWT_REVOKED');
    expect((await s.get('MyProfile', r.body.token)).status).toBe(200);
    expectErrorShape(await s.rpc('login', { p_email: a.email, p_password: a.password }), 401, 'INVALID_CREDENTIALS');
    await s.login(a.email, 'n3w-pass');
    expect(await auditOf(a.clientId, 'ResetPassword')).toEqual([{ result: 'ok', target: `user "${a.email}"` }]);
  });

  it('counts wrong old passwords against the account limit (429 once used up)', async () => {
    const limited = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 1000, perAccount: 2, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      const a = await newAccount(limited);
      const wrong = { p_old_password: 'nope', p_password: 'fresh1', p_password_repeat: 'fresh1' };
      expectErrorShape(await limited.rpc('ResetPassword', wrong, a.token), 422, 'WRONG_PASSWORD');
      expectErrorShape(await limited.rpc('ResetPassword', wrong, a.token), 422, 'WRONG_PASSWORD');
      expectErrorShape(
        await limited.rpc('ResetPassword', { ...wrong, p_old_password: a.password }, a.token),
        429,
        'RATE_LIMITED',
      );
    } finally {
      await limited.stop();
    }
  });
});

describe('inactivity logout: MyLogoutTime, ProfileUpdateTimeout and the token lifetime', () => {
  it('reads the setting by GET and POST MyLogoutTime (60 minutes by default)', async () => {
    const a = await newAccount(s);
    expect((await s.get('MyLogoutTime', a.token)).body).toEqual([{ logout_after_minutes: 60 }]);
    expect((await s.rpc('MyLogoutTime', {}, a.token)).body).toEqual({ logout_after_minutes: 60 });
    expect(lifetimeOf(a.token)).toBe(3600);
  });

  it.each([0, -1, 1441, 2.5, '30', null])('refuses %j minutes and changes nothing', async (m) => {
    const a = await newAccount(s);
    const r = await s.rpc('ProfileUpdateTimeout', { p_minutes: m }, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual(['p_minutes: logout_minutes_invalid']);
    expect((await s.get('MyLogoutTime', a.token)).body).toEqual([{ logout_after_minutes: 60 }]);
  });

  it('stores 1 and 1440, answers a token living exactly that long, and logins and renewals follow it', async () => {
    const a = await newAccount(s);
    for (const minutes of [1, 1440]) {
      const r = await s.rpc('ProfileUpdateTimeout', { p_minutes: minutes }, a.token);
      expect(r.body).toEqual({ success: true, logout_after_minutes: minutes, token: expect.any(String) });
      expect(lifetimeOf(r.body.token)).toBe(minutes * 60);
      expect((await s.get('MyLogoutTime', r.body.token)).body).toEqual([{ logout_after_minutes: minutes }]);
      expect((await s.get('MyProfile', a.token)).body[0].logout_after_minutes).toBe(minutes);
      expect(lifetimeOf(await s.login(a.email, a.password))).toBe(minutes * 60);
      const renewed = await s.rpc('RefreshToken', {}, a.token);
      expect(renewed.body).toEqual({ token: expect.any(String) });
      expect(lifetimeOf(renewed.body.token)).toBe(minutes * 60);
      expect(claimsOf(renewed.body.token).tv).toBe(claimsOf(a.token).tv);
    }
    expect((await auditOf(a.clientId, 'ProfileUpdateTimeout')).map((e) => e.target)).toEqual([
      'account logout time → 1 min',
      'account logout time → 1440 min',
    ]);
    // Reads and renewals are not logged.
    expect(await auditOf(a.clientId, 'RefreshToken')).toEqual([]);
    expect(await auditOf(a.clientId, 'MyLogoutTime')).toEqual([]);
  });

  it('caps the lifetime at TOKEN_TTL_SECONDS, and an expired token can no longer be renewed', async () => {
    const short = await startTestServer({ rateLimit: NO_RATE_LIMIT, tokenTtlSeconds: 1 });
    try {
      const a = await newAccount(short);
      expect(lifetimeOf(a.token)).toBe(1);
      await new Promise((ok) => setTimeout(ok, 2100));
      expectErrorShape(await short.rpc('RefreshToken', {}, a.token), 401, 'JWT_EXPIRED');
    } finally {
      await short.stop();
    }
  });

  it('refuses to renew a token of an ended session', async () => {
    const a = await newAccount(s);
    await s.rpc('ResetPassword', { p_old_password: a.password, p_password: 'other1', p_password_repeat: 'other1' }, a.token);
    expectErrorShape(await s.rpc('RefreshToken', {}, a.token), 401, 'JWT_REVOKED');
    expectErrorShape(await s.rpc('RefreshToken', {}), 401, 'JWT_MISSING');
  });

  it('changes only the caller’s account: B’s timeout leaves A’s alone', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    await s.rpc('ProfileUpdateTimeout', { p_minutes: 5 }, b.token);
    expect((await s.get('MyLogoutTime', a.token)).body).toEqual([{ logout_after_minutes: 60 }]);
    expect(await scalar(s, `SELECT logout_after_minutes FROM clients WHERE id = $1`, [b.clientId])).toBe(5);
  });
});

describe('ProfileUpdateTimezone', () => {
  it('stores a name of the Timezones list, in its canonical spelling', async () => {
    const a = await newAccount(s);
    expect((await s.rpc('ProfileUpdateTimezone', { p_timezone: 'Asia/Kolkata' }, a.token)).body).toEqual({
      success: true,
      timezone: 'Asia/Kolkata',
    });
    expect((await s.get('MyProfile', a.token)).body[0].timezone).toBe('Asia/Kolkata');
    expect((await s.rpc('ProfileUpdateTimezone', { p_timezone: ' america/new_york ' }, a.token)).body.timezone).toBe(
      'America/New_York',
    );
    expect((await auditOf(a.clientId, 'ProfileUpdateTimezone')).map((e) => `${e.result} ${e.target}`)).toEqual([
      'ok account timezone → Asia/Kolkata',
      'ok account timezone → america/new_york',
    ]);
  });

  it('refuses an unknown or empty timezone and keeps the old one', async () => {
    const a = await newAccount(s);
    await s.rpc('ProfileUpdateTimezone', { p_timezone: 'Europe/Lisbon' }, a.token);
    for (const [tz, line] of [
      ['Mars/Olympus_Mons', 'p_timezone: timezone_unknown'],
      ['Europe/Lisbon; DROP', 'p_timezone: timezone_unknown'],
      ['', 'p_timezone: timezone_empty'],
    ]) {
      const r = await s.rpc('ProfileUpdateTimezone', { p_timezone: tz }, a.token);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r)).toEqual([line]);
    }
    expect((await s.get('MyProfile', a.token)).body[0].timezone).toBe('Europe/Lisbon');
    expect((await auditOf(a.clientId, 'ProfileUpdateTimezone')).map((e) => e.result)).toEqual(['ok', 'error']);
  });

  it('lists zones with their offsets, Lisbon and Kolkata among them', async () => {
    const a = await newAccount(s);
    const rows = (await s.call('GET', '/api/Timezones?name=in.(Europe/Lisbon,Asia/Kolkata)', { token: a.token })).body;
    expect(rows).toEqual([
      { name: 'Asia/Kolkata', utc_offset: '+05:30' },
      { name: 'Europe/Lisbon', utc_offset: expect.stringMatching(/^\+0[01]:00$/) },
    ]);
  });
});

describe('ProfileUpdateBillingAddress', () => {
  const address = {
    p_company_name: 'Nova Lda',
    p_address: 'Rua Nova 2',
    p_address2: '3º esq.',
    p_city: 'Braga',
    p_country: 'PT',
    p_state: 'Braga',
    p_postcode: '4700-001',
    p_phone_prefix: '+351',
    p_phone_number: '913000000',
    p_vat_number: 'PT123456789',
  };
  const billingLines = (lines: string[]) =>
    lines.filter((l) => (BILLING_ADDRESS_FIELDS as readonly string[]).includes(l.split(':')[0]!));

  it('answers exactly the registration’s messages for the same billing fields', async () => {
    const a = await newAccount(s);
    const bodies = [
      {},
      { p_address: ' ', p_city: '', p_country: '   ', p_postcode: 'x'.repeat(21), p_phone_number: 7 },
      { ...address, p_company_name: 'c'.repeat(201), p_vat_number: 'v'.repeat(33), p_state: '' },
    ];
    for (const body of bodies) {
      const mine = await s.rpc('ProfileUpdateBillingAddress', body, a.token);
      const reg = await s.rpc('register', {
        ...registerBody(),
        ...Object.fromEntries(BILLING_ADDRESS_FIELDS.map((f) => [f, undefined])),
        ...body,
      });
      expect(mine.status).toBe(400);
      expect(detailLines(mine).length).toBeGreaterThan(0);
      expect(detailLines(mine)).toEqual(billingLines(detailLines(reg)));
    }
  });

  it('stores the address, trimmed, with blank optional fields as null, and MyProfile shows it', async () => {
    const a = await newAccount(s);
    expect((await s.rpc('ProfileUpdateBillingAddress', { ...address, p_city: '  Braga ' }, a.token)).body).toEqual({
      success: true,
    });
    expect((await s.get('MyProfile?select=company_name,address2,city,vat_number', a.token)).body).toEqual([
      { company_name: 'Nova Lda', address2: '3º esq.', city: 'Braga', vat_number: 'PT123456789' },
    ]);
    await s.rpc(
      'ProfileUpdateBillingAddress',
      { ...address, p_company_name: ' ', p_address2: '', p_vat_number: undefined },
      a.token,
    );
    expect((await s.get('MyProfile?select=company_name,address2,vat_number', a.token)).body).toEqual([
      { company_name: null, address2: null, vat_number: null },
    ]);
    expect((await auditOf(a.clientId, 'ProfileUpdateBillingAddress')).map((e) => e.result)).toEqual(['ok', 'ok']);
  });

  it('is for the owner or a sub-user holding billing-manage: another sub-user, even with every other claim, gets 403 CLAIM_REQUIRED', async () => {
    const a = await newAccount(s);
    const others = await createSubUser(s, a.clientId, { claims: CUSTOMER_CLAIMS.filter((c) => c !== 'billing-manage') });
    const r = await s.rpc('ProfileUpdateBillingAddress', address, await s.login(others.email, others.password));
    expectErrorShape(r, 403, 'CLAIM_REQUIRED');
    expect(r.body.details).toBe('billing-manage');
    expect((await s.get('MyProfile', a.token)).body[0].city).toBe('Porto');
    const billing = await createSubUser(s, a.clientId, { claims: ['billing-manage'] });
    expect((await s.rpc('ProfileUpdateBillingAddress', address, await s.login(billing.email, billing.password))).body).toEqual({
      success: true,
    });
    expect((await s.get('MyProfile', a.token)).body[0].city).toBe(address.p_city);
  });

  it('changes only the caller’s account', async () => {
    await s.rpc('ProfileUpdateBillingAddress', address, await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password));
    const demo = (await s.get('MyProfile', await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password))).body[0];
    expect(demo).toMatchObject({ city: 'Lisbon', company_name: 'Demo Lda' });
  });
});

describe('TelegramRequest', () => {
  it('needs an id', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('TelegramRequest', { p_telegram_id: '  ' }, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual(['p_telegram_id: telegram_id_empty']);
  });

  it('stores the id as a pending request of the caller’s account only, and logs it', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    expect((await s.rpc('TelegramRequest', { p_telegram_id: ' @portside_fan ' }, a.token)).body).toEqual({ success: true });
    const rows = await s.db.owner.query(
      `SELECT id, telegram_id, telegram_pending, telegram_requested_at IS NOT NULL AS at FROM clients WHERE id = ANY ($1)`,
      [[a.clientId, b.clientId]],
    );
    expect(rows.rows.find((x) => x.id === a.clientId)).toMatchObject({
      telegram_id: '@portside_fan',
      telegram_pending: true,
      at: true,
    });
    expect(rows.rows.find((x) => x.id === b.clientId)).toMatchObject({ telegram_id: null, telegram_pending: false, at: false });
    expect(await auditOf(a.clientId, 'TelegramRequest')).toEqual([{ result: 'ok', target: 'telegram:@portside_fan' }]);
  });
});
