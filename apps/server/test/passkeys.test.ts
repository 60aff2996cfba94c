/**
 * Passkeys as a second factor (issue 19) through the real app and @simplewebauthn's checks, with a
 * software authenticator (soft-authenticator.ts) in place of the browser's: registering one,
 * signing in with it, refusals (a wrong challenge, a stranger's signature, a replayed answer, an
 * unknown credential), a passkey's signature as the proof of a settings change (removing one,
 * renewing recovery codes, turning the app off), and enrolling with one when the account requires 2FA.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount, scalar } from './factories.js';
import { enableTotp, passwordStep, totpCode } from './two-factor-helpers.js';
import { SoftAuthenticator } from './soft-authenticator.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

/** Registers `key` as the token's user's passkey named `name`; answers the call's body. */
async function addPasskey(token: string, key: SoftAuthenticator, name = 'Laptop') {
  const options = await s.rpc('PasskeyRegisterOptions', {}, token);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const r = await s.rpc('PasskeyRegisterVerify', { p_name: name, p_response: key.register(options.body) }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A passkey's signature as the proof of a settings change: PasskeyProofOptions signed by `key`. */
async function passkeyProof(token: string, key: SoftAuthenticator) {
  const options = await s.rpc('PasskeyProofOptions', {}, token);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return key.sign(options.body);
}

/** The options of the login's passkey step for `ticket`. */
async function loginOptions(ticket: string) {
  const r = await s.rpc('LoginPasskeyOptions', { p_ticket: ticket });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('registering a passkey', () => {
  it('checks the answer against the pending options; a first one brings ten recovery codes, mailed and logged', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    const options = await s.rpc('PasskeyRegisterOptions', {}, a.token);
    expect(options.body).toMatchObject({ rp: { id: '127.0.0.1', name: 'Portside' }, user: { name: a.email } });
    expect(options.body.challenge).toEqual(expect.any(String));
    // An answer to other options (another challenge) is refused, and the pending options are used up.
    const stale = key.register({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
    expectErrorShape(
      await s.rpc('PasskeyRegisterVerify', { p_name: 'Laptop', p_response: stale }, a.token),
      422,
      'PASSKEY_FAILED',
    );
    expectErrorShape(
      await s.rpc('PasskeyRegisterVerify', { p_name: 'Laptop', p_response: key.register(options.body) }, a.token),
      422,
      'PASSKEY_FAILED',
    );
    // An answer made for another site is refused too.
    const elsewhere = new SoftAuthenticator('https://phish.example');
    const fresh = await s.rpc('PasskeyRegisterOptions', {}, a.token);
    expectErrorShape(
      await s.rpc('PasskeyRegisterVerify', { p_name: 'Laptop', p_response: elsewhere.register(fresh.body) }, a.token),
      422,
      'PASSKEY_FAILED',
    );
    expect((await s.get('MyPasskeys', a.token)).body).toEqual([]);

    const added = await addPasskey(a.token, key);
    expect(added).toEqual({ id: expect.any(Number), name: 'Laptop', recovery_codes: expect.any(Array) });
    expect(added.recovery_codes).toHaveLength(10);
    expect((await s.get('MyPasskeys', a.token)).body).toEqual([
      { id: added.id, name: 'Laptop', created_at: expect.any(String), last_used_at: null },
    ]);
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ totp_enabled: false, recovery_codes_left: 10 });
    expect((await s.lastMail(a.email))?.text).toContain('A passkey was added to your login.');
    expect(
      await scalar(
        s,
        `SELECT count(*) FROM audit_log WHERE user_id = $1 AND action = 'PasskeyRegisterVerify' AND result = 'ok'`,
        [a.userId],
      ),
    ).toBe(1);
    // The next options exclude it, and a second passkey brings no new codes while some are left.
    const next = await s.rpc('PasskeyRegisterOptions', {}, a.token);
    expect(next.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const second = await s.rpc(
      'PasskeyRegisterVerify',
      { p_name: 'Phone', p_response: new SoftAuthenticator(s.url).register(next.body) },
      a.token,
    );
    expect(second.status).toBe(200);
    expect(second.body.recovery_codes).toBeUndefined();
  });

  it('refuses a missing name and an answer that is not one, changing nothing', async () => {
    const a = await newAccount(s);
    const options = await s.rpc('PasskeyRegisterOptions', {}, a.token);
    const answer = new SoftAuthenticator(s.url).register(options.body);
    expectErrorShape(
      await s.rpc('PasskeyRegisterVerify', { p_name: ' ', p_response: answer }, a.token),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorShape(
      await s.rpc('PasskeyRegisterVerify', { p_name: 'Laptop', p_response: 'x' }, a.token),
      400,
      'VALIDATION_FAILED',
    );
    // Refused before the options were looked at: they still take the right answer.
    expect((await s.rpc('PasskeyRegisterVerify', { p_name: 'Laptop', p_response: answer }, a.token)).status).toBe(200);
  });
  it('refuses a credential registered already, to this user or another, with a refusal (not a server error)', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    for (const who of [a, b]) {
      const options = await s.rpc('PasskeyRegisterOptions', {}, who.token);
      expectErrorShape(
        await s.rpc('PasskeyRegisterVerify', { p_name: 'Again', p_response: key.register(options.body) }, who.token),
        422,
        'PASSKEY_FAILED',
      );
    }
    expect((await s.get('MyPasskeys', a.token)).body).toHaveLength(1);
    expect((await s.get('MyPasskeys', b.token)).body).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('answers a token for a signature over the step’s challenge, and counts the use', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    const login = await s.rpc('login', { p_email: a.email, p_password: a.password });
    expect(login.body.second_factor.methods).toEqual(['webauthn', 'recovery']);
    const ticket = login.body.second_factor.ticket as string;
    const options = await loginOptions(ticket);
    expect(options).toMatchObject({ rpId: '127.0.0.1', allowCredentials: [expect.objectContaining({ id: key.id })] });
    const ok = await s.rpc('LoginPasskeyVerify', { p_ticket: ticket, p_response: key.sign(options) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await s.get('MyTwoFactor', ok.body.token)).status).toBe(200);
    const [row] = (await s.get('MyPasskeys', ok.body.token)).body;
    expect(row.last_used_at).toEqual(expect.any(String));
    expect(await scalar(s, `SELECT counter FROM webauthn_credentials WHERE user_id = $1`, [a.userId])).toBe(2);
    // The ticket worked once.
    expectErrorShape(
      await s.rpc('LoginPasskeyVerify', { p_ticket: ticket, p_response: key.sign(options) }),
      422,
      'TWO_FACTOR_TICKET_EXPIRED',
    );
  });

  it('refuses a stranger’s signature, a replayed answer and an unknown passkey, each counting on the ticket', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    const first = await passwordStep(s, a.email, a.password);
    const signed = key.sign(await loginOptions(first));
    expect((await s.rpc('LoginPasskeyVerify', { p_ticket: first, p_response: signed })).status).toBe(200);

    const ticket = await passwordStep(s, a.email, a.password);
    const options = await loginOptions(ticket);
    const stranger = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const tries = [
      key.sign(options, stranger),
      signed, // the answer to the last login's challenge
      new SoftAuthenticator(s.url).sign(options), // a passkey the user never registered
    ];
    const left = [];
    for (const answer of tries) {
      const r = await s.rpc('LoginPasskeyVerify', { p_ticket: ticket, p_response: answer });
      expectErrorShape(r, 422, 'TWO_FACTOR_CODE_INVALID');
      left.push(r.body.details);
    }
    expect(left).toEqual(['4 tries left', '3 tries left', '2 tries left']);
    // The ticket still takes the right signature.
    expect((await s.rpc('LoginPasskeyVerify', { p_ticket: ticket, p_response: key.sign(options) })).status).toBe(200);
    expect(
      await scalar(
        s,
        `SELECT count(*) FROM audit_log WHERE user_id = $1 AND action = 'LoginPasskeyVerify' AND result = 'error'`,
        [a.userId],
      ),
    ).toBe(3);
  });

  it('needs options for the ticket first, and a live ticket', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    const ticket = await passwordStep(s, a.email, a.password);
    // No options asked for this ticket: no challenge to sign.
    const r = await s.rpc('LoginPasskeyVerify', { p_ticket: ticket, p_response: key.sign({ challenge: 'AAAA' }) });
    expectErrorShape(r, 422, 'TWO_FACTOR_CODE_INVALID');
    expectErrorShape(await s.rpc('LoginPasskeyOptions', { p_ticket: 'no-such-ticket-at-all' }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
  });
});

describe('recovery codes with passkeys only', () => {
  it('renews them with the password and an unused recovery code; the app-only calls stay refused', async () => {
    const a = await newAccount(s);
    const { recovery_codes: codes } = await addPasskey(a.token, new SoftAuthenticator(s.url));
    const renew = (p_password: string, p_code: string) => s.rpc('TwoFactorRecoveryRegenerate', { p_password, p_code }, a.token);
    expectErrorShape(await renew('not-the-password', codes[0]), 422, 'WRONG_PASSWORD');
    expectErrorShape(await renew(a.password, '123456'), 422, 'TWO_FACTOR_CODE_INVALID');
    const fresh = await renew(a.password, codes[0]);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    // The old codes stopped working, the new ones count.
    expectErrorShape(await renew(a.password, codes[1]), 422, 'TWO_FACTOR_CODE_INVALID');
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ totp_enabled: false, recovery_codes_left: 10 });
    expect((await s.lastMail(a.email))?.text).toMatch(/recovery codes/i);
    // Turning the authenticator app off needs one.
    expectErrorShape(
      await s.rpc('TwoFactorDisable', { p_password: a.password, p_code: fresh.body.recovery_codes[0] }, a.token),
      409,
      'TWO_FACTOR_NOT_ENABLED',
    );
    // Without any second factor there is nothing to renew.
    const b = await newAccount(s);
    expectErrorShape(
      await s.rpc('TwoFactorRecoveryRegenerate', { p_password: b.password, p_code: 'abcd-efgh-jk' }, b.token),
      409,
      'TWO_FACTOR_NOT_ENABLED',
    );
  });
});

describe('a passkey as the proof of a settings change', () => {
  it('renews the recovery codes with the password and a passkey’s signature, used once', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    const renew = (body: object) => s.rpc('TwoFactorRecoveryRegenerate', { p_password: a.password, ...body }, a.token);
    // Neither a code nor a passkey: the code is missing.
    const none = await renew({});
    expectErrorShape(none, 400, 'VALIDATION_FAILED');
    expect(none.body.details).toMatch(/p_code/);
    // A signature with no options asked for, a stranger's, one of another site: refused.
    expectErrorShape(await renew({ p_passkey: key.sign({ challenge: 'AAAA' }) }), 422, 'PASSKEY_FAILED');
    const options = (await s.rpc('PasskeyProofOptions', {}, a.token)).body;
    const stranger = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expectErrorShape(await renew({ p_passkey: key.sign(options, stranger) }), 422, 'PASSKEY_FAILED');
    // (The options were used up by that refusal.)
    expectErrorShape(await renew({ p_passkey: key.sign(options) }), 422, 'PASSKEY_FAILED');
    const proof = await passkeyProof(a.token, key);
    expectErrorShape(
      await s.rpc('TwoFactorRecoveryRegenerate', { p_password: 'wrong-one', p_passkey: proof }, a.token),
      422,
      'WRONG_PASSWORD',
    );
    const ok = await renew({ p_passkey: proof });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    // The use is recorded, as a login's is.
    expect((await s.get('MyPasskeys', a.token)).body[0].last_used_at).toEqual(expect.any(String));
    // The same signature does not prove anything twice.
    expectErrorShape(await renew({ p_passkey: proof }), 422, 'PASSKEY_FAILED');
    // Without passkeys there are no options to sign.
    const b = await newAccount(s);
    expectErrorShape(await s.rpc('PasskeyProofOptions', {}, b.token), 409, 'TWO_FACTOR_NOT_ENABLED');
  });

  it('turns the app off with a passkey’s signature, keeping the recovery codes for the passkeys — even while the account requires 2FA', async () => {
    const a = await newAccount(s);
    await enableTotp(s, a.token);
    const key = new SoftAuthenticator(s.url);
    await addPasskey(a.token, key);
    expect((await s.rpc('TwoFactorRequire', { p_required: true }, a.token)).status).toBe(200);
    const off = await s.rpc('TwoFactorDisable', { p_password: a.password, p_passkey: await passkeyProof(a.token, key) }, a.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ totp_enabled: false, recovery_codes_left: 10 });
    expect((await s.rpc('login', { p_email: a.email, p_password: a.password })).body.second_factor.methods).toEqual([
      'webauthn',
      'recovery',
    ]);
  });
});

describe('removing a passkey', () => {
  it('needs the password and a current second factor; the last one takes the recovery codes with it', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    const { id, recovery_codes: codes } = await addPasskey(a.token, key);
    const remove = (body: object) => s.rpc('PasskeyDelete', { p_id: id, p_password: a.password, ...body }, a.token);
    expectErrorShape(await remove({}), 400, 'VALIDATION_FAILED');
    expectErrorShape(await remove({ p_password: 'not-the-password', p_code: codes[0] }), 422, 'WRONG_PASSWORD');
    expectErrorShape(await remove({ p_code: '123456' }), 422, 'TWO_FACTOR_CODE_INVALID');
    expect((await s.get('MyPasskeys', a.token)).body).toHaveLength(1);
    // An unknown passkey spends nothing: the code still works afterwards.
    expectErrorShape(
      await s.rpc('PasskeyDelete', { p_id: id + 1000, p_password: a.password, p_code: codes[0] }, a.token),
      404,
      'NotFound',
    );
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ recovery_codes_left: 10 });
    // The passkey's own signature proves it.
    const ok = await remove({ p_passkey: await passkeyProof(a.token, key) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await s.get('MyPasskeys', a.token)).body).toEqual([]);
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ recovery_codes_left: 0 });
    expect((await s.lastMail(a.email))?.text).toContain('A passkey was removed from your login.');
    // The password alone signs in again.
    expect((await s.rpc('login', { p_email: a.email, p_password: a.password })).body.token).toEqual(expect.any(String));
  });

  it('keeps the recovery codes while an authenticator app remains', async () => {
    const a = await newAccount(s);
    const { secret } = await enableTotp(s, a.token);
    const { id, recovery_codes } = await addPasskey(a.token, new SoftAuthenticator(s.url));
    expect(recovery_codes).toBeUndefined();
    const r = await s.rpc('PasskeyDelete', { p_id: id, p_password: a.password, p_code: await totpCode(secret, 1) }, a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    expect((await s.rpc('login', { p_email: a.email, p_password: a.password })).body.second_factor.methods).toEqual([
      'totp',
      'recovery',
    ]);
  });

  it('refuses to remove the last second factor while the account requires 2FA, spending nothing', async () => {
    const a = await newAccount(s);
    const key = new SoftAuthenticator(s.url);
    const { id, recovery_codes: codes } = await addPasskey(a.token, key);
    expect((await s.rpc('TwoFactorRequire', { p_required: true }, a.token)).status).toBe(200);
    expectErrorShape(
      await s.rpc('PasskeyDelete', { p_id: id, p_password: a.password, p_code: codes[0] }, a.token),
      422,
      'TWO_FACTOR_REQUIRED_BY_ACCOUNT',
    );
    expect((await s.get('MyPasskeys', a.token)).body).toHaveLength(1);
    expect((await s.get('MyTwoFactor', a.token)).body[0]).toMatchObject({ recovery_codes_left: 10 });
  });

  it("leaves another user's passkey alone", async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const { id } = await addPasskey(a.token, new SoftAuthenticator(s.url));
    const bKey = new SoftAuthenticator(s.url);
    await addPasskey(b.token, bKey);
    expectErrorShape(
      await s.rpc('PasskeyDelete', { p_id: id, p_password: b.password, p_passkey: await passkeyProof(b.token, bKey) }, b.token),
      404,
      'NotFound',
    );
    expect((await s.get('MyPasskeys', a.token)).body).toHaveLength(1);
  });
});

describe('renaming a passkey', () => {
  it('changes its name only, with no proof and no mail, and logs the old and the new name', async () => {
    const a = await newAccount(s);
    const { id } = await addPasskey(a.token, new SoftAuthenticator(s.url), 'Laptop');
    const mails = () => scalar(s, `SELECT count(*) FROM mail_outbox WHERE lower(to_address) = lower($1)`, [a.email]);
    const mailsBefore = await mails();
    const r = await s.rpc('PasskeyRename', { p_id: id, p_name: '  Work laptop ' }, a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ id, name: 'Work laptop', old_name: 'Laptop' });
    expect((await s.get('MyPasskeys', a.token)).body.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect(await mails()).toBe(mailsBefore);
    const log = await s.db.owner.query<{ target: string }>(
      `SELECT target FROM audit_log WHERE user_id = $1 AND action = 'PasskeyRename' AND result = 'ok'`,
      [a.userId],
    );
    expect(log.rows.map((row) => row.target)).toEqual([expect.stringMatching(/"Laptop" renamed "Work laptop"/)]);
  });

  it('refuses an empty or too long name, and another user’s passkey, changing nothing', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const { id } = await addPasskey(a.token, new SoftAuthenticator(s.url), 'Phone');
    const empty = await s.rpc('PasskeyRename', { p_id: id, p_name: '   ' }, a.token);
    expectErrorShape(empty, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(empty.body.details)).toContain('p_name');
    expectErrorShape(await s.rpc('PasskeyRename', { p_id: id, p_name: 'x'.repeat(65) }, a.token), 400, 'VALIDATION_FAILED');
    expectErrorShape(await s.rpc('PasskeyRename', { p_id: id, p_name: 'Mine now' }, b.token), 404, 'NotFound');
    expectErrorShape(await s.rpc('PasskeyRename', { p_id: id, p_name: 'Anonymous' }), 401);
    expect((await s.get('MyPasskeys', a.token)).body.map((p: { name: string }) => p.name)).toEqual(['Phone']);
  });
});

describe('enrolling with a passkey when the account requires 2FA', () => {
  it('creates the passkey against the ticket’s options, answers a token and ten recovery codes, and is used once', async () => {
    const a = await newAccount(s);
    await addPasskey(a.token, new SoftAuthenticator(s.url));
    expect((await s.rpc('TwoFactorRequire', { p_required: true }, a.token)).status).toBe(200);
    const sub = await createSubUser(s, a.clientId);
    const login = await s.rpc('login', { p_email: sub.email, p_password: sub.password });
    const ticket = login.body.enrol_required.ticket as string;
    const key = new SoftAuthenticator(s.url);

    // No options asked for yet: nothing to answer; a wrong answer counts on the ticket.
    const early = await s.rpc('TwoFactorEnrolPasskeyVerify', {
      p_ticket: ticket,
      p_name: 'Phone',
      p_response: key.register({ challenge: 'AAAA' }),
    });
    expectErrorShape(early, 422, 'TWO_FACTOR_CODE_INVALID');
    const options = await s.rpc('TwoFactorEnrolPasskeyOptions', { p_ticket: ticket });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: '127.0.0.1' }, user: { name: sub.email } });
    const elsewhere = new SoftAuthenticator('https://phish.example').register(options.body);
    expectErrorShape(
      await s.rpc('TwoFactorEnrolPasskeyVerify', { p_ticket: ticket, p_name: 'Phone', p_response: elsewhere }),
      422,
      'TWO_FACTOR_CODE_INVALID',
    );
    expectErrorShape(
      await s.rpc('TwoFactorEnrolPasskeyVerify', { p_ticket: ticket, p_name: ' ', p_response: key.register(options.body) }),
      400,
      'VALIDATION_FAILED',
    );

    const done = await s.rpc('TwoFactorEnrolPasskeyVerify', {
      p_ticket: ticket,
      p_name: 'Phone',
      p_response: key.register(options.body),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ token: expect.any(String), recovery_codes: expect.any(Array) });
    expect(done.body.recovery_codes).toHaveLength(10);
    expect((await s.get('MyPasskeys', done.body.token)).body).toEqual([expect.objectContaining({ name: 'Phone' })]);
    expect((await s.lastMail(sub.email))?.text).toContain('A passkey was added to your login.');
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE user_id = $1 AND action = 'TwoFactorEnrolPasskeyVerify'`, [
        sub.userId,
      ]),
    ).toBe(3);
    // The ticket worked once; the next login asks for the passkey.
    expectErrorShape(
      await s.rpc('TwoFactorEnrolPasskeyVerify', { p_ticket: ticket, p_name: 'Again', p_response: key.register(options.body) }),
      422,
      'TWO_FACTOR_TICKET_EXPIRED',
    );
    expect((await s.rpc('login', { p_email: sub.email, p_password: sub.password })).body.second_factor.methods).toEqual([
      'webauthn',
      'recovery',
    ]);
  });

  it('takes only an enrolment ticket', async () => {
    const a = await newAccount(s);
    await addPasskey(a.token, new SoftAuthenticator(s.url));
    const ticket = await passwordStep(s, a.email, a.password);
    expectErrorShape(await s.rpc('TwoFactorEnrolPasskeyOptions', { p_ticket: ticket }), 422, 'TWO_FACTOR_TICKET_EXPIRED');
    expectErrorShape(
      await s.rpc('TwoFactorEnrolPasskeyOptions', { p_ticket: 'no-such-ticket-at-all' }),
      422,
      'TWO_FACTOR_TICKET_EXPIRED',
    );
  });
});
