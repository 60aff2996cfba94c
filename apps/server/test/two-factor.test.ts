/**
 * Two-factor sign-in (issue 19) through the real app: turning TOTP on, the login's second step
 * (TOTP, recovery codes, refusals, replay, the ticket's tries), turning it off, and the rule that
 * every user of an account must use 2FA. Codes are computed from the secret as an app does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount, scalar } from './factories.js';
import { enableTotp, passwordStep, totpCode } from './two-factor-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const logEntries = (userId: string, action: string, result = 'ok') =>
  scalar(s, `SELECT count(*) FROM audit_log WHERE user_id = $1 AND action = $2 AND result = $3`, [userId, action, result]);

describe('turning TOTP on', () => {
  it('answers a secret and URI, then ten recovery codes for the first code; mails, logs and ends other sessions', async () => {
    const a = await newAccount(s);
    const other = await s.login(a.email, a.password);
    const start = await s.rpc('TwoFactorTotpStart', {}, a.token);
    expect(start.status).toBe(200);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.uri).toMatch(/^otpauth:\/\/totp\/Portside:.+secret=/);
    // Not active before the first code: the password alone still signs in.
    expect((await s.rpc('login', { p_email: a.email, p_password: a.password })).body.token).toEqual(expect.any(String));
    const bad = await s.rpc('TwoFactorTotpConfirm', { p_code: '000000' }, a.token);
    expectErrorShape(bad, 422, 'TWO_FACTOR_CODE_INVALID');
    const ok = await s.rpc('TwoFactorTotpConfirm', { p_code: await totpCode(start.body.secret) }, a.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    for (const c of ok.body.recovery_codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    // Stored hashed: no code appears in the table.
    const stored = await s.db.owner.query(`SELECT code_hash FROM user_recovery_codes WHERE user_id = $1`, [a.userId]);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(ok.body.recovery_codes[0]);
    const sealed = await s.db.owner.query(`SELECT secret_sealed FROM user_totp WHERE user_id = $1`, [a.userId]);
    expect(sealed.rows[0].secret_sealed).not.toContain(start.body.secret);

    const view = await s.get('MyTwoFactor', a.token);
    expect(view.body).toEqual([
      expect.objectContaining({ totp_enabled: true, recovery_codes_left: 10, required_by_account: false, is_owner: true }),
    ]);
    expect((await s.lastMail(a.email))?.text).toMatch(/authenticator app was turned on/);
    expect(await logEntries(a.userId, 'TwoFactorTotpConfirm')).toBe(1);
    expect((await s.get('MySessions', other)).status).toBe(401);
    expect((await s.get('MySessions', a.token)).status).toBe(200);
    expectErrorShape(await s.rpc('TwoFactorTotpStart', {}, a.token), 409, 'TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('the login second step', () => {
  it('answers a ticket instead of a token, and a token for the current code', async () => {
    const a = await newAccount(s);
    const { secret } = await enableTotp(s, a.token);
    const r = await s.rpc('login', { p_email: a.email, p_password: a.password });
    expect(r.body).toEqual({ second_factor: { ticket: expect.any(String), methods: ['totp', 'recovery'] } });
    // The code of the set-up's step is used already; the next step's is accepted (one step of drift).
    const replay = await s.rpc('LoginSecondFactor', { p_ticket: r.body.second_factor.ticket, p_code: await totpCode(secret) });
    expectErrorShape(replay, 422, 'TWO_FACTOR_CODE_INVALID');
    const next = await totpCode(secret, 1);
    const ok = await s.rpc('LoginSecondFactor', { p_ticket: r.body.second_factor.ticket, p_code: next });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await s.get('MyTwoFactor', ok.body.token)).status).toBe(200);
    // The ticket works once, and the same code is refused on a new ticket.
    expectErrorShape(
      await s.rpc('LoginSecondFactor', { p_ticket: r.body.second_factor.ticket, p_code: next }),
      422,
      'TWO_FACTOR_TICKET_EXPIRED',
    );
    const again = await passwordStep(s, a.email, a.password);
    expectErrorShape(await s.rpc('LoginSecondFactor', { p_ticket: again, p_code: next }), 422, 'TWO_FACTOR_CODE_INVALID');
    expect(await logEntries(a.userId, 'LoginSecondFactor', 'error')).toBe(2);
    expect(await logEntries(a.userId, 'LoginSecondFactor', 'ok')).toBe(1);
  });

  it('takes a recovery code once, and mails that it was used', async () => {
    const a = await newAccount(s);
    const { codes } = await enableTotp(s, a.token);
    const ok = await s.rpc('LoginSecondFactor', {
      p_ticket: await passwordStep(s, a.email, a.password),
      p_code: codes[3]!.toUpperCase(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await s.lastMail(a.email))?.text).toMatch(/recovery code was used/);
    const twice = await s.rpc('LoginSecondFactor', { p_ticket: await passwordStep(s, a.email, a.password), p_code: codes[3] });
    expectErrorShape(twice, 422, 'TWO_FACTOR_CODE_INVALID');
    expect((await s.get('MyTwoFactor', ok.body.token)).body[0].recovery_codes_left).toBe(9);
  });

  it('kills the ticket after five wrong codes, and refuses bad formats and unknown tickets', async () => {
    const a = await newAccount(s);
    const { codes } = await enableTotp(s, a.token);
    const ticket = await passwordStep(s, a.email, a.password);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await s.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: '123456' }));
    expect(answers.map((r) => r.body.code)).toEqual([...Array(4).fill('TWO_FACTOR_CODE_INVALID'), 'TWO_FACTOR_TICKET_EXPIRED']);
    expect(answers[0]!.body.details).toBe('4 tries left');
    expectErrorShape(await s.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: codes[0] }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
    expectErrorShape(await s.rpc('LoginSecondFactor', { p_ticket: 'nope', p_code: codes[0] }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
    const format = await s.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: '12-34' });
    expectErrorShape(format, 400, 'VALIDATION_FAILED');
    expect(format.body.details).toMatch(/p_code/);
  });

  it('refuses an expired ticket', async () => {
    const a = await newAccount(s);
    const { codes } = await enableTotp(s, a.token);
    const ticket = await passwordStep(s, a.email, a.password);
    await s.db.owner.query(`UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [a.userId]);
    expectErrorShape(await s.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: codes[0] }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
  });
});

describe('turning TOTP off and renewing recovery codes', () => {
  it('needs the password and a current code', async () => {
    const a = await newAccount(s);
    const { codes } = await enableTotp(s, a.token);
    expectErrorShape(
      await s.rpc('TwoFactorDisable', { p_password: 'wrong-one', p_code: codes[0] }, a.token),
      422,
      'WRONG_PASSWORD',
    );
    expectErrorShape(
      await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: '111111' }, a.token),
      422,
      'TWO_FACTOR_CODE_INVALID',
    );
    const renewed = await s.rpc('TwoFactorRecoveryRegenerate', { p_password: a.password, p_code: codes[0] }, a.token);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await s.lastMail(a.email))?.text).toMatch(/New recovery codes/);
    // The earlier codes stopped working.
    expectErrorShape(
      await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: codes[1] }, a.token),
      422,
      'TWO_FACTOR_CODE_INVALID',
    );
    const off = await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: renewed.body.recovery_codes[0] }, a.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await s.lastMail(a.email))?.text).toMatch(/turned off/);
    expect(await logEntries(a.userId, 'TwoFactorDisable')).toBe(1);
    expect(await logEntries(a.userId, 'TwoFactorDisable', 'error')).toBe(3);
    expect((await s.rpc('login', { p_email: a.email, p_password: a.password })).body.token).toEqual(expect.any(String));
    expectErrorShape(
      await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: '123456' }, a.token),
      409,
      'TWO_FACTOR_NOT_ENABLED',
    );
  });
});

describe('2FA required by the account', () => {
  it('lets only an owner with 2FA require it, then makes every user enrol at login', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId);
    const subToken = await s.login(sub.email, sub.password);
    expectErrorShape(await s.rpc('TwoFactorRequire', { p_required: true }, a.token), 422, 'TWO_FACTOR_OWNER_FIRST');
    expectErrorShape(await s.rpc('TwoFactorRequire', { p_required: true }, subToken), 422, 'OWNER_REQUIRED');
    const owner = await enableTotp(s, a.token);
    expect((await s.rpc('TwoFactorRequire', { p_required: true }, a.token)).status).toBe(200);
    expect((await s.lastMail(a.email))?.text).toMatch(/now requires two-factor/);
    expect(await logEntries(a.userId, 'TwoFactorRequire')).toBe(1);

    const r = await s.rpc('login', { p_email: sub.email, p_password: sub.password });
    expect(r.body).toEqual({ enrol_required: { ticket: expect.any(String) } });
    const ticket = r.body.enrol_required.ticket;
    // The enrolment ticket is not a second-factor ticket.
    expectErrorShape(await s.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: '123456' }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
    const start = await s.rpc('TwoFactorEnrolStart', { p_ticket: ticket });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expectErrorShape(
      await s.rpc('TwoFactorEnrolConfirm', { p_ticket: ticket, p_code: '000000' }),
      422,
      'TWO_FACTOR_CODE_INVALID',
    );
    const done = await s.rpc('TwoFactorEnrolConfirm', { p_ticket: ticket, p_code: await totpCode(start.body.secret) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    const view = await s.get('MyTwoFactor', done.body.token);
    expect(view.body[0]).toMatchObject({ totp_enabled: true, required_by_account: true, is_owner: false });
    // Nobody turns it off while the account requires it; the next login asks for a code.
    const off = await s.rpc(
      'TwoFactorDisable',
      { p_password: sub.password, p_code: done.body.recovery_codes[0] },
      done.body.token,
    );
    expectErrorShape(off, 422, 'TWO_FACTOR_REQUIRED_BY_ACCOUNT');
    expect(await passwordStep(s, sub.email, sub.password)).toEqual(expect.any(String));
    // Lifting the rule lets the owner turn 2FA off again.
    expect((await s.rpc('TwoFactorRequire', { p_required: false }, a.token)).status).toBe(200);
    const ownerOff = await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: owner.codes[0] }, a.token);
    expect(ownerOff.status, JSON.stringify(ownerOff.body)).toBe(200);
  });
});

describe('personal API tokens', () => {
  it('can neither read nor change two-factor sign-in, whatever their scopes', async () => {
    const a = await newAccount(s);
    const scopes = ['servers', 'network', 'billing', 'account'].flatMap((area) => [`${area}:read`, `${area}:write`]);
    const created = await s.rpc('ApiTokenCreate', { p_name: 'all', p_scopes: scopes, p_expires_days: 30 }, a.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const token = created.body.token as string;
    expect((await s.get('MyTwoFactor', token)).status).toBe(403);
    expect((await s.rpc('TwoFactorTotpStart', {}, token)).status).toBe(403);
    expect((await s.rpc('TwoFactorRequire', { p_required: false }, token)).status).toBe(403);
    expect((await s.rpc('PasskeyRegisterOptions', {}, token)).status).toBe(403);
    expect(await scalar(s, `SELECT count(*) FROM user_totp WHERE user_id = $1`, [a.userId])).toBe(0);
  });
});

describe('brute force of codes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimit: { ...NO_RATE_LIMIT, perAccount: 3 } });
  });
  afterAll(async () => t?.stop());

  it('refuses further codes for the user from that address once its share of wrong ones is used up', async () => {
    const a = await newAccount(t);
    const { codes } = await enableTotp(t, a.token);
    for (let i = 0; i < 3; i++) {
      const ticket = await passwordStep(t, a.email, a.password);
      expectErrorShape(await t.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: '999999' }), 422, 'TWO_FACTOR_CODE_INVALID');
    }
    const ticket = await passwordStep(t, a.email, a.password);
    expectErrorShape(await t.rpc('LoginSecondFactor', { p_ticket: ticket, p_code: codes[0] }), 429, 'RATE_LIMITED');
  });
});
