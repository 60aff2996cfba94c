import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portside/contract/constants';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import {
  NO_RATE_LIMIT,
  detailLines,
  expectErrorShape,
  idsOf,
  mailedCode,
  newAccount,
  registerBody,
  scalar,
  uniqueEmail,
} from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const REQUIRED: Record<string, string> = {
  p_first_name: 'first_name_empty',
  p_last_name: 'last_name_empty',
  p_email: 'email_empty',
  p_password: 'password_empty',
  p_password_confirm: 'password_confirm_empty',
  p_address: 'address_empty',
  p_city: 'city_empty',
  p_country: 'country_empty',
  p_phone_prefix: 'phone_prefix_empty',
  p_phone_number: 'phone_number_empty',
  p_state: 'state_empty',
  p_postcode: 'postcode_empty',
};
const counts = async () => ({
  users: await scalar(s, 'SELECT count(*) FROM users'),
  clients: await scalar(s, 'SELECT count(*) FROM clients'),
});
const loginRaw = (email: string, password: string) => s.rpc('login', { p_email: email, p_password: password });

describe('register', () => {
  it('lists the "is empty" key of every required field in the 400 details, for missing and for blank fields', async () => {
    const blank = Object.fromEntries(Object.keys(REQUIRED).map((k) => [k, k.startsWith('p_password') ? '' : '   ']));
    for (const body of [{}, blank]) {
      const r = await s.rpc('register', body);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      const lines = detailLines(r);
      for (const [field, key] of Object.entries(REQUIRED)) expect(lines).toContain(`${field}: ${key}`);
      expect(lines).toHaveLength(Object.keys(REQUIRED).length);
      expect(r.body.message).toBe('Please correct the following errors before continuing.');
      expect(r.body.hint).toContain('First name is empty');
    }
  });

  it('refuses a password shorter than 4 characters and a password with spaces', async () => {
    for (const [pw, key] of [
      ['abc', 'password_too_short'],
      ['ab cd1', 'password_spaces'],
    ]) {
      const r = await s.rpc('register', registerBody({ p_password: pw, p_password_confirm: pw }));
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r)).toEqual([`p_password: ${key}`]);
    }
  });

  it('refuses a confirmation that differs from the password with passwords_not_matching', async () => {
    const r = await s.rpc('register', registerBody({ p_password: 'secret1', p_password_confirm: 'secret2' }));
    expect(detailLines(r)).toEqual(['p_password_confirm: passwords_not_matching']);
  });

  it('accepts empty optional company, address 2, VAT number and voucher and stores them as null', async () => {
    const a = await newAccount(s, { p_company_name: '', p_address2: '', p_vat_number: '', p_voucher: '' });
    const row = (
      await s.db.owner.query('SELECT company_name, address2, vat_number, voucher_code FROM clients WHERE id = $1', [a.clientId])
    ).rows[0];
    expect(row).toEqual({ company_name: null, address2: null, vat_number: null, voucher_code: null });
    const p = await s.get('MyProfile', a.token);
    expect(p.body[0].voucher).toBeNull();
  });

  it('accepts the seeded voucher WELCOME10 and shows it in MyProfile.voucher after confirming', async () => {
    const a = await newAccount(s, { p_voucher: 'WELCOME10', p_company_name: 'Acme', p_vat_number: 'PT123456789' });
    const p = await s.get('MyProfile', a.token);
    expect(p.status).toBe(200);
    expect(p.body[0]).toMatchObject({ email: a.email, company_name: 'Acme', vat_number: 'PT123456789' });
    expect(p.body[0].voucher).toMatchObject({ voucher: 'WELCOME10', notes: expect.any(String) });
    expect(p.body[0].voucher.valid_to).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('refuses an unknown voucher with 422 VOUCHER_INVALID and writes no user or client', async () => {
    const before = await counts();
    const body = registerBody({ p_voucher: 'NOSUCH99' });
    const r = await s.rpc('register', body);
    expectErrorShape(r, 422, 'VOUCHER_INVALID');
    expect(await counts()).toEqual(before);
    expect(await s.lastMail(body.p_email)).toBeNull();
  });

  it('answers a second registration with a taken e-mail like a new one, writes nothing, and tells the owner by e-mail in their language', async () => {
    const first = registerBody({ p_email: uniqueEmail('Twice'), p_language: 'pl' });
    const firstAnswer = await s.rpc('register', first);
    expect(firstAnswer.status).toBe(200);
    const fresh = await s.rpc('register', registerBody());
    const before = await counts();
    for (const email of [first.p_email, first.p_email.toUpperCase(), DEMO_USERS.demo.email.toUpperCase()]) {
      const r = await s.rpc('register', registerBody({ p_email: email }));
      // The same status and the same shape as a registration of a new address.
      expect(r.status).toBe(fresh.status);
      expect(Object.keys(r.body)).toEqual(Object.keys(fresh.body));
      expect(r.body.email).toBe(email.toLowerCase());
    }
    expect(await counts()).toEqual(before);
    const toOwner = await s.lastMail(first.p_email);
    expect(toOwner!.subject).toMatch(/Portside/);
    expect(toOwner!.subject).toContain('Twoim adresem');
    expect(toOwner!.text).toContain('/forgot-password');
    expect(toOwner!.text).not.toMatch(/\b\d{6}\b/);
    expect((await s.lastMail(DEMO_USERS.demo.email))!.text).toContain(
      `/login-with-email/${encodeURIComponent(DEMO_USERS.demo.email)}`,
    );
  });

  it('checks the voucher before the address, so a taken address with a bad voucher answers as a new one does', async () => {
    const fresh = await s.rpc('register', registerBody({ p_voucher: 'NOSUCH99' }));
    const taken = await s.rpc('register', registerBody({ p_email: DEMO_USERS.demo.email, p_voucher: 'NOSUCH99' }));
    expectErrorShape(fresh, 422, 'VOUCHER_INVALID');
    expectErrorShape(taken, 422, 'VOUCHER_INVALID');
  });

  it('gives the new account exactly one project, the default one', async () => {
    const body = registerBody();
    expect((await s.rpc('register', body)).status).toBe(200);
    const { clientId } = await idsOf(s, body.p_email);
    const rows = (await s.db.owner.query('SELECT name, is_default FROM projects WHERE client_id = $1', [clientId])).rows;
    expect(rows).toEqual([{ name: 'default', is_default: true }]);
    expect(await scalar(s, 'SELECT count(*) FROM users WHERE client_id = $1 AND is_owner', [clientId])).toBe(1);
  });
});

describe('e-mail confirmation', () => {
  it('mails a code; ConfirmEmail with it confirms the address and login then works', async () => {
    const body = registerBody();
    expect((await s.rpc('register', body)).body).toEqual({ email: body.p_email });
    const mail = await s.lastMail(body.p_email);
    const code = await mailedCode(s, body.p_email);
    expect(mail!.text).toContain(`/confirm-email/${code}/`);
    expect((await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: code })).body).toEqual({ success: true });
    const token = await s.login(body.p_email, body.p_password);
    expect((await s.get('MyProfile', token)).body[0].email).toBe(body.p_email);
  });

  it('refuses login before confirming with 403 UNCONFIRMED_EMAIL, but a wrong password still gets 401', async () => {
    const body = registerBody();
    await s.rpc('register', body);
    const r = await loginRaw(body.p_email, body.p_password);
    expectErrorShape(r, 403, 'UNCONFIRMED_EMAIL');
    expect(r.body.message).toContain('UNCONFIRMED_EMAIL');
    expectErrorShape(await loginRaw(body.p_email, 'wrong-one'), 401, 'INVALID_CREDENTIALS');
  });

  it(`uses up a try per wrong code and answers TOO_MANY_TRIES after ${LIMITS.codeMaxTries}, even for the right code`, async () => {
    const body = registerBody();
    await s.rpc('register', body);
    const code = await mailedCode(s, body.p_email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < LIMITS.codeMaxTries; i++) {
      const r = await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: wrong });
      expectErrorShape(r, 422, 'CODE_INVALID');
      expect(r.body.hint).toContain(`${LIMITS.codeMaxTries - i} tr`);
    }
    expectErrorShape(await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: wrong }), 429, 'TOO_MANY_TRIES');
    expectErrorShape(await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: code }), 429, 'TOO_MANY_TRIES');
    expectErrorShape(await loginRaw(body.p_email, body.p_password), 403, 'UNCONFIRMED_EMAIL');
  });

  it('refuses an expired code with CODE_EXPIRED', async () => {
    const body = registerBody();
    await s.rpc('register', body);
    const { userId } = await idsOf(s, body.p_email);
    await s.db.owner.query(`UPDATE email_codes SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [userId]);
    const r = await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: await mailedCode(s, body.p_email) });
    expectErrorShape(r, 422, 'CODE_EXPIRED');
  });

  it('ResendConfirmationEmail mails a new code and the old one stops working', async () => {
    const body = registerBody();
    await s.rpc('register', body);
    const old = await mailedCode(s, body.p_email);
    let fresh = old;
    // A new code can by chance equal the old one; ask again until it differs.
    for (let i = 0; fresh === old && i < 5; i++) {
      expect((await s.rpc('ResendConfirmationEmail', { p_email: body.p_email })).body).toEqual({ success: true });
      fresh = await mailedCode(s, body.p_email);
    }
    expect(fresh).not.toBe(old);
    expectErrorShape(await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: old }), 422, 'CODE_INVALID');
    expect((await s.rpc('ConfirmEmail', { p_email: body.p_email, p_otp: fresh })).status).toBe(200);
  });

  it('answers 409 ALREADY_CONFIRMED for a confirmed address and mails nothing on resend', async () => {
    expectErrorShape(await s.rpc('ConfirmEmail', { p_email: DEMO_USERS.demo.email, p_otp: '123456' }), 409, 'ALREADY_CONFIRMED');
    const mails = () => scalar(s, 'SELECT count(*) FROM mail_outbox WHERE to_address = $1', [DEMO_USERS.demo.email]);
    const before = await mails();
    expect((await s.rpc('ResendConfirmationEmail', { p_email: DEMO_USERS.demo.email })).status).toBe(200);
    expect(await mails()).toBe(before);
  });
});

describe('password reset', () => {
  async function resetLink(email: string) {
    expect((await s.rpc('ForgotPassword', { p_email: email })).body).toEqual({ success: true });
    const text = (await s.lastMail(email))!.text;
    const message = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(message, text).toBeTruthy();
    return { code: await mailedCode(s, email), message: message!, text };
  }

  // The code comes back as `otp`: the spec's failure test treats any body with a `code` field as an error.
  it('mails a code and a /reset-password/<message> link that ForgotPasswordDecode turns into {email, otp}', async () => {
    const a = await newAccount(s);
    const { code, message, text } = await resetLink(a.email);
    expect(text).toContain(`${s.url}/reset-password/${message}`);
    expect((await s.rpc('ForgotPasswordDecode', { p_message: message })).body).toEqual({ email: a.email, otp: code });
  });

  it('ForgotPasswordConfirm sets the new password, the old one fails, and the old token is refused with 401 naming JWT', async () => {
    const a = await newAccount(s);
    expect((await s.get('MyProfile', a.token)).status).toBe(200);
    const { code } = await resetLink(a.email);
    const r = await s.rpc('ForgotPasswordConfirm', {
      p_email: a.email,
      p_code: code,
      p_password: 'brandnew1',
      p_password_repeat: 'brandnew1',
    });
    expect(r.body).toEqual({ success: true });
    expectErrorShape(await loginRaw(a.email, a.password), 401, 'INVALID_CREDENTIALS');
    const fresh = await s.login(a.email, 'brandnew1');
    const old = await s.get('MyProfile', a.token);
    expectErrorShape(old, 401);
    expect(old.body.message).toContain('JWT');
    expect((await s.get('MyProfile', fresh)).status).toBe(200);
    // The code is used up.
    const again = await s.rpc('ForgotPasswordConfirm', {
      p_email: a.email,
      p_code: code,
      p_password: 'other12',
      p_password_repeat: 'other12',
    });
    expectErrorShape(again, 422, 'CODE_INVALID');
  });

  it('refuses two different new passwords with passwords_not_equal', async () => {
    const r = await s.rpc('ForgotPasswordConfirm', {
      p_email: 'x@example.test',
      p_code: '123456',
      p_password: 'abcd1',
      p_password_repeat: 'abcd2',
    });
    expect(detailLines(r)).toEqual(['p_password_repeat: passwords_not_equal']);
  });

  it('refuses a tampered or foreign reset message with CODE_INVALID', async () => {
    const a = await newAccount(s);
    const { message } = await resetLink(a.email);
    const i = 20;
    const tampered = message.slice(0, i) + (message[i] === 'A' ? 'B' : 'A') + message.slice(i + 1);
    for (const m of [tampered, 'not-a-message', Buffer.alloc(64).toString('base64url')]) {
      expectErrorShape(await s.rpc('ForgotPasswordDecode', { p_message: m }), 422, 'CODE_INVALID');
    }
  });

  it('answers success for an unknown address and sends nothing', async () => {
    const before = await scalar(s, 'SELECT count(*) FROM mail_outbox');
    const email = uniqueEmail('nobody');
    expect((await s.rpc('ForgotPassword', { p_email: email })).body).toEqual({ success: true });
    expect(await s.lastMail(email)).toBeNull();
    expect(await scalar(s, 'SELECT count(*) FROM mail_outbox')).toBe(before);
  });
});

describe('tokens and blocked users', () => {
  it('answers the same 401 INVALID_CREDENTIALS for a wrong password and an unknown address', async () => {
    expectErrorShape(await loginRaw(DEMO_USERS.demo.email, 'wrong-pass'), 401, 'INVALID_CREDENTIALS');
    expectErrorShape(await loginRaw(uniqueEmail('ghost'), 'wrong-pass'), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses a forged token, a malformed header and a missing token with 401 naming JWT', async () => {
    const { userId, clientId } = await idsOf(s, DEMO_USERS.demo.email);
    const forged = await new SignJWT({ cid: clientId, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('portside')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(crypto.randomBytes(32));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId, cid: clientId, tv: 0, iss: 'portside' })).toString('base64url')}.`;
    const answers = [
      await s.get('MyProfile', forged),
      await s.get('MyProfile', unsigned),
      await s.call('GET', '/api/MyProfile', { headers: { authorization: 'Token abc' } }),
      await s.get('MyProfile'),
    ];
    for (const r of answers) {
      expectErrorShape(r, 401);
      expect(r.body.message).toContain('JWT');
    }
    expect(answers[3]!.body.code).toBe('JWT_MISSING');
  });

  it('refuses login of a blocked user with 403 ACCOUNT_BLOCKED and its existing token with 401', async () => {
    const a = await newAccount(s);
    await s.db.owner.query('UPDATE users SET blocked = true WHERE id = $1', [a.userId]);
    expectErrorShape(await loginRaw(a.email, a.password), 403, 'ACCOUNT_BLOCKED');
    const r = await s.get('MyProfile', a.token);
    expectErrorShape(r, 401);
    expect(r.body.message).toContain('JWT');
  });

  it('refuses an expired token with 401 JWT_EXPIRED', async () => {
    // Long enough that login and the first read fit inside it on a busy machine.
    const short = await startTestServer({ tokenTtlSeconds: 4 });
    try {
      const token = await short.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      expect((await short.get('MyProfile', token)).status).toBe(200);
      await new Promise((ok) => setTimeout(ok, 5100));
      const r = await short.get('MyProfile', token);
      expectErrorShape(r, 401, 'JWT_EXPIRED');
      expect(r.body.message).toContain('JWT');
    } finally {
      await short.stop();
    }
  });
});

describe('rate limiting', () => {
  const from = (srv: TestServer, address: string, email: string, password: string) =>
    srv.call('POST', '/api/rpc/login', {
      body: { p_email: email, p_password: password },
      headers: { 'x-forwarded-for': address },
    });

  it('answers 429 RATE_LIMITED to the 4th login of an account from one address after 3 failures, even with the right password', async () => {
    const rl = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 100, perAccount: 3, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      for (let i = 0; i < 3; i++)
        expectErrorShape(
          await rl.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: 'bad' }),
          401,
          'INVALID_CREDENTIALS',
        );
      const r = await rl.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password });
      expectErrorShape(r, 429, 'RATE_LIMITED');
      // The limit is per account and address: another account from the same address still logs in.
      expect(await rl.login(DEMO_USERS.other.email, DEMO_USERS.other.password)).toBeTruthy();
    } finally {
      await rl.stop();
    }
  });

  it('answers 429 RATE_LIMITED once one IP address has used up its attempts, across different accounts', async () => {
    const rl = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 3, perAccount: 100, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      for (const email of [uniqueEmail('a'), uniqueEmail('b'), DEMO_USERS.demo.email]) {
        expectErrorShape(await rl.rpc('login', { p_email: email, p_password: 'bad' }), 401, 'INVALID_CREDENTIALS');
      }
      const r = await rl.rpc('login', { p_email: DEMO_USERS.other.email, p_password: DEMO_USERS.other.password });
      expectErrorShape(r, 429, 'RATE_LIMITED');
    } finally {
      await rl.stop();
    }
  });

  describe('behind a proxy named by TRUST_PROXY', () => {
    let rl: TestServer;
    beforeAll(async () => {
      rl = await startTestServer({
        trustProxy: ['loopback'],
        rateLimit: { windowSeconds: 900, perIp: 30, perAccount: 8, baseDelayMs: 150, maxDelayMs: 600 },
      });
    });
    afterAll(async () => rl?.stop());

    it('lets the owner log in with the right password from a clean address after an attacker’s eight failures, only slowed down', async () => {
      const attacker = '198.51.100.7';
      for (let i = 0; i < 8; i++)
        expectErrorShape(await from(rl, attacker, DEMO_USERS.demo.email, `guess-${i}`), 401, 'INVALID_CREDENTIALS');
      // The attacker's address is done with this account, even with the right password.
      expectErrorShape(await from(rl, attacker, DEMO_USERS.demo.email, DEMO_USERS.demo.password), 429, 'RATE_LIMITED');
      const started = Date.now();
      const owner = await from(rl, '203.0.113.9', DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      expect(owner.status, JSON.stringify(owner.body)).toBe(200);
      expect(owner.body.token).toBeTruthy();
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      // Another account is neither refused nor slowed down from the attacker's address.
      expect((await from(rl, attacker, DEMO_USERS.other.email, DEMO_USERS.other.password)).status).toBe(200);
    });

    it('slows an account down more with every further failure, up to the maximum, never refusing a clean address', async () => {
      const email = DEMO_USERS.sub.email;
      // Eight failures spread over eight addresses: no address reaches its own limit.
      for (let i = 0; i < 8; i++)
        expectErrorShape(await from(rl, `198.51.100.${20 + i}`, email, 'wrong'), 401, 'INVALID_CREDENTIALS');
      const timed = async (address: string, password: string) => {
        const t = Date.now();
        const r = await from(rl, address, email, password);
        return { status: r.status, ms: Date.now() - t };
      };
      const ninth = await timed('198.51.100.40', 'wrong');
      const tenth = await timed('198.51.100.41', 'wrong');
      expect([ninth.status, tenth.status]).toEqual([401, 401]);
      expect(ninth.ms).toBeGreaterThanOrEqual(150);
      expect(tenth.ms).toBeGreaterThanOrEqual(300);
      const owner = await timed('203.0.113.10', DEMO_USERS.sub.password);
      expect(owner.status).toBe(200);
      expect(owner.ms).toBeGreaterThanOrEqual(600);
      expect(owner.ms).toBeLessThan(5000);
    });

    it('blocks only the address that failed thirty times across accounts; the same accounts log in from elsewhere', async () => {
      const spray = '198.51.100.99';
      for (let i = 0; i < 30; i++)
        expectErrorShape(await from(rl, spray, uniqueEmail(`spray${i}`), 'x'), 401, 'INVALID_CREDENTIALS');
      expectErrorShape(await from(rl, spray, DEMO_USERS.other.email, DEMO_USERS.other.password), 429, 'RATE_LIMITED');
      expect((await from(rl, '203.0.113.11', DEMO_USERS.other.email, DEMO_USERS.other.password)).status).toBe(200);
    });
  });

  it('counts a caller by its socket address when TRUST_PROXY is not set, whatever X-Forwarded-For says', async () => {
    const rl = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 100, perAccount: 3, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      for (let i = 0; i < 3; i++)
        expectErrorShape(await from(rl, `198.51.100.${i}`, DEMO_USERS.demo.email, 'bad'), 401, 'INVALID_CREDENTIALS');
      expectErrorShape(await from(rl, '198.51.100.200', DEMO_USERS.demo.email, DEMO_USERS.demo.password), 429, 'RATE_LIMITED');
    } finally {
      await rl.stop();
    }
  });

  it('sends no more reset mails to an address that had its share in the window, answering as always', async () => {
    const rl = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 100, perAccount: 2, baseDelayMs: 0, maxDelayMs: 0 },
      trustProxy: ['loopback'],
    });
    try {
      const mails = async () =>
        Number(
          (
            await rl.db.owner.query(`SELECT count(*) FROM mail_outbox WHERE lower(to_address) = lower($1)`, [
              DEMO_USERS.other.email,
            ])
          ).rows[0].count,
        );
      const ask = (address: string) =>
        rl.call('POST', '/api/rpc/ForgotPassword', {
          body: { p_email: DEMO_USERS.other.email },
          headers: { 'x-forwarded-for': address },
        });
      const before = await mails();
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])
        expect((await ask(address)).status).toBe(200);
      expect(await mails()).toBe(before + 2);
    } finally {
      await rl.stop();
    }
  });
});
