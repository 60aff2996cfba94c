/**
 * Vouchers (spec 1 §4 'Voucher badge and dialog', spec 2 §7 ProfileUpdateVoucher, §10): redeeming
 * through real HTTP sets the account's voucher, replaces an earlier one and shows in MyProfile;
 * unknown, expired, malformed and empty codes are refused in the error shape and change nothing;
 * only the owner redeems; every call is logged; the discount touches only the base server cost;
 * registration refuses an expired voucher the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import {
  NO_RATE_LIMIT,
  createSubUser,
  detailLines,
  expectErrorShape,
  idsOf,
  newAccount,
  registerBody,
  scalar,
} from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  await s.db.owner.query(
    `INSERT INTO vouchers (code, notes, valid_to, discount_percent) VALUES
       ('SPRING25', '25% off the base server cost', current_date + 30, 25),
       ('LASTDAY5', 'Valid through today', current_date, 5),
       ('FOREVER7', NULL, NULL, 7),
       ('OLDCODE9', 'Ended yesterday', current_date - 1, 9)`,
  );
});
afterAll(async () => s?.stop());

const redeem = (code: unknown, token?: string) =>
  s.rpc('ProfileUpdateVoucher', code === undefined ? {} : { p_voucher: code }, token);
const voucherOf = async (token: string) => (await s.get('MyProfile?select=voucher', token)).body[0].voucher;
const storedVoucher = async (clientId: string) =>
  (await s.db.owner.query(`SELECT voucher_code FROM clients WHERE id = $1`, [clientId])).rows[0].voucher_code as string | null;
const auditOf = (clientId: string) =>
  s.db.owner
    .query(`SELECT result, target FROM audit_log WHERE client_id = $1 AND action = 'ProfileUpdateVoucher' ORDER BY id`, [
      clientId,
    ])
    .then((r) => r.rows);

describe('ProfileUpdateVoucher', () => {
  it('redeems a voucher: answers the success flag, MyProfile shows it with notes and valid-to, and the log has it', async () => {
    const a = await newAccount(s);
    expect(await voucherOf(a.token)).toBeNull();
    const r = await redeem(' WELCOME10 ', a.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect(await voucherOf(a.token)).toEqual({
      voucher: 'WELCOME10',
      notes: '10% off the base server cost',
      valid_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
    });
    expect(await auditOf(a.clientId)).toEqual([{ result: 'ok', target: 'voucher "WELCOME10"' }]);
  });

  it('replaces the voucher the account held; redeeming the same one again succeeds and changes nothing', async () => {
    const a = await newAccount(s, { p_voucher: 'WELCOME10' });
    expect((await redeem('SPRING25', a.token)).body).toEqual({ success: true });
    expect(await voucherOf(a.token)).toMatchObject({ voucher: 'SPRING25', notes: '25% off the base server cost' });
    expect((await redeem('SPRING25', a.token)).body).toEqual({ success: true });
    expect(await storedVoucher(a.clientId)).toBe('SPRING25');
  });

  it('accepts a voucher on its last valid day and one that never expires', async () => {
    const a = await newAccount(s);
    expect((await redeem('LASTDAY5', a.token)).status).toBe(200);
    expect((await redeem('FOREVER7', a.token)).status).toBe(200);
    expect(await voucherOf(a.token)).toEqual({ voucher: 'FOREVER7', notes: null, valid_to: null });
  });

  it('refuses an unknown voucher with 422 VOUCHER_INVALID, keeps the old voucher and logs the refusal', async () => {
    const a = await newAccount(s, { p_voucher: 'WELCOME10' });
    const r = await redeem('NOSUCH99', a.token);
    expectErrorShape(r, 422, 'VOUCHER_INVALID');
    expect(r.body.message).toBe('The voucher code does not exist or has expired');
    expect(await storedVoucher(a.clientId)).toBe('WELCOME10');
    expect(await auditOf(a.clientId)).toEqual([{ result: 'error', target: 'voucher "NOSUCH99"' }]);
  });

  it('refuses an expired voucher with 422 VOUCHER_EXPIRED and a hint, and changes nothing', async () => {
    const a = await newAccount(s);
    const r = await redeem('OLDCODE9', a.token);
    expectErrorShape(r, 422, 'VOUCHER_EXPIRED');
    expect(r.body.message).toBe('The voucher code has expired');
    expect(r.body.hint).toMatch(/ask for a current code/);
    expect(await storedVoucher(a.clientId)).toBeNull();
  });

  it.each([
    ['lower-case letters', 'welcome10'],
    ['fewer than 5 characters', 'AB12'],
    ['more than 15 characters', 'A'.repeat(16)],
    ['a dash', 'WEL-COME'],
    ['a space inside', 'WEL COME'],
  ])('refuses a code with %s: 400 p_voucher: voucher_invalid, nothing changed', async (_, code) => {
    const a = await newAccount(s, { p_voucher: 'WELCOME10' });
    const r = await redeem(code, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual(['p_voucher: voucher_invalid']);
    expect(await storedVoucher(a.clientId)).toBe('WELCOME10');
  });

  it.each([
    ['an empty code', ''],
    ['a blank code', '   '],
    ['no code', undefined],
  ])('refuses %s: 400 p_voucher: voucher_empty, nothing changed', async (_, code) => {
    const a = await newAccount(s, { p_voucher: 'WELCOME10' });
    const r = await redeem(code, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual(['p_voucher: voucher_empty']);
    expect(await storedVoucher(a.clientId)).toBe('WELCOME10');
  });

  it('is for the owner or a sub-user holding billing-manage: one with every other claim gets 403 CLAIM_REQUIRED and nothing changes', async () => {
    const a = await newAccount(s);
    const claims = (await s.get('MyClaims', a.token)).body.map((c: { claim: string }) => c.claim);
    expect(claims).toContain('billing-manage');
    const others = await createSubUser(s, a.clientId, { claims: claims.filter((c: string) => c !== 'billing-manage') });
    const r = await redeem('WELCOME10', await s.login(others.email, others.password));
    expectErrorShape(r, 403, 'CLAIM_REQUIRED');
    expect(await storedVoucher(a.clientId)).toBeNull();
    const billing = await createSubUser(s, a.clientId, { claims: ['billing-manage'] });
    expect((await redeem('WELCOME10', await s.login(billing.email, billing.password))).body).toEqual({ success: true });
    expect(await storedVoucher(a.clientId)).toBe('WELCOME10');
  });

  it('needs a login: 401 without a token', async () => {
    expectErrorShape(await redeem('WELCOME10'), 401, 'JWT_MISSING');
  });

  it('changes only the caller’s account', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    await redeem('SPRING25', a.token);
    expect(await storedVoucher(b.clientId)).toBeNull();
    expect(await storedVoucher((await idsOf(s, DEMO_USERS.demo.email)).clientId)).toBe('WELCOME10');
  });

  it('takes the discount off the base server cost only, not backups, extra IPs or add-ons', async () => {
    const token = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    const breakdown = async () => (await s.get('MyVMs2?name=eq.olga-app&select=cost_breakdown', token)).body[0].cost_breakdown;
    const before = await breakdown();
    expect((await redeem('SPRING25', token)).status).toBe(200);
    const after = await breakdown();
    const { base_cost: baseBefore, total_cost: totalBefore, discount_percent: discountBefore, ...restBefore } = before;
    const { base_cost: baseAfter, total_cost: totalAfter, discount_percent: discountAfter, ...restAfter } = after;
    expect([discountBefore, discountAfter]).toEqual([0, 25]);
    expect(baseAfter).toBe(Math.round(baseBefore * 0.75));
    expect(restAfter).toEqual(restBefore);
    expect(totalAfter).toBe(totalBefore - (baseBefore - baseAfter));
    const { clientId } = await idsOf(s, DEMO_USERS.other.email);
    await s.db.owner.query(`UPDATE clients SET voucher_code = NULL WHERE id = $1`, [clientId]);
  });
});

describe('registration with a voucher', () => {
  it('refuses an expired voucher with 422 VOUCHER_EXPIRED and creates no account', async () => {
    const body = registerBody({ p_voucher: 'OLDCODE9' });
    expectErrorShape(await s.rpc('register', body), 422, 'VOUCHER_EXPIRED');
    expect(await scalar(s, `SELECT count(*) FROM users WHERE lower(email) = lower($1)`, [body.p_email])).toBe(0);
  });
});
