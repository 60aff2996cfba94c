/**
 * The reseller programme (issue 17) through real HTTP on real PostgreSQL: registrations through a
 * referral code make contracts (and nothing else does, self-referral included), RequestContract and
 * the staff's decisions, and a reseller's clients seen only by their reseller. The commission and
 * the client files are in reseller-commission.test.ts, the agreement in reseller-agreement.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER_CONTRACT_MONTHS } from '@portside/contract/schemas/reseller';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import {
  NO_RATE_LIMIT,
  createSubUser,
  expectErrorShape,
  idsOf,
  newAccount,
  registerBody,
  scalar,
  uniqueEmail,
} from './factories.js';
import { approvedReseller } from './reseller-factories.js';

let s: TestServer;
let staff: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});
afterAll(async () => s?.stop());

const contracts = async (token: string): Promise<Json[]> => {
  const r = await s.get('MyResellerContracts', token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Json[];
};
const contractCount = (clientId: string) => scalar(s, `SELECT count(*) FROM reseller_contracts WHERE client_id = $1`, [clientId]);

describe('registration through a referral code', () => {
  it('makes the new account the approved reseller’s client for 24 months at its percent', async () => {
    const reseller = await approvedReseller(s, { percent: 12 });
    const client = await newAccount(s, { p_referrer: reseller.code, p_first_name: 'Rosa', p_company_name: 'Rosa Lda' });
    const [c] = await contracts(reseller.token);
    expect(c).toMatchObject({
      reseller: reseller.clientId,
      client: client.clientId,
      client_name: 'Rosa Register',
      client_company: 'Rosa Lda',
      origin: 'referral',
      commission_percent: 12,
      status: 'active',
      invoices: 0,
      commission_cents: 0,
    });
    const created = new Date(c.created);
    const expires = new Date(c.expires);
    const expected = new Date(created);
    expected.setUTCMonth(expected.getUTCMonth() + RESELLER_CONTRACT_MONTHS);
    expect(Math.abs(expires.getTime() - expected.getTime())).toBeLessThan(3 * 86_400_000);
    expect(expires.getTime() - created.getTime()).toBeGreaterThan(720 * 86_400_000);
  });

  it('ignores a code of no approved reseller, DBSSH and an unapproved account, keeping the code as before', async () => {
    const pending = await newAccount(s);
    await s.db.owner.query(`INSERT INTO resellers (client_id) VALUES ($1)`, [pending.clientId]);
    for (const code of ['ZZZZZ', 'DBSSH']) {
      const c = await newAccount(s, { p_referrer: code });
      expect(await contractCount(c.clientId)).toBe(0);
      expect(await scalar(s, `SELECT count(*) FROM clients WHERE id = $1 AND referrer = $2`, [c.clientId, code])).toBe(1);
    }
    expect(await contracts(pending.token)).toEqual([]);
  });

  it('refuses a malformed referrer and registers nobody', async () => {
    const body = registerBody({ p_referrer: 'abc' });
    const r = await s.rpc('register', body);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(r.body.details).toContain('p_referrer');
    expect(await scalar(s, `SELECT count(*) FROM users WHERE lower(email) = lower($1)`, [body.p_email])).toBe(0);
  });

  it('makes no contract for the reseller itself: its own VAT number, or its own e-mail again', async () => {
    const reseller = await approvedReseller(s, { over: { p_country: 'PT', p_vat_number: 'PT509876540' } });
    const twin = await newAccount(s, { p_referrer: reseller.code, p_country: 'PT', p_vat_number: 'pt 509 876 540' });
    expect(await contractCount(twin.clientId)).toBe(0);
    const again = await s.rpc('register', registerBody({ p_email: reseller.email, p_referrer: reseller.code }));
    expect(again.status).toBe(200);
    expect(await contracts(reseller.token)).toEqual([]);
    // And the database itself refuses a contract of an account with itself.
    await expect(
      s.db.owner.query(
        `INSERT INTO reseller_contracts (reseller_id, client_id, origin, commission_percent, expires_at) VALUES ($1, $1, 'request', 10, now() + interval '1 day')`,
        [reseller.clientId],
      ),
    ).rejects.toThrow(/reseller_contracts_not_self/);
  });

  it('gives a client one reseller: the second reseller’s request for it is refused', async () => {
    const a = await approvedReseller(s);
    const b = await approvedReseller(s);
    const client = await newAccount(s, { p_referrer: a.code });
    const r = await s.rpc('RequestContract', { p_email: client.email }, b.token);
    expectErrorShape(r, 422, 'CONTRACT_REQUEST_REFUSED');
    expect((await contracts(b.token)).length).toBe(0);
  });
});

describe('RequestContract', () => {
  it('is for approved resellers only', async () => {
    const plain = await newAccount(s);
    const other = await newAccount(s);
    const r = await s.rpc('RequestContract', { p_email: other.email }, plain.token);
    expectErrorShape(r, 409, 'RESELLER_NOT_APPROVED');
    expect(await scalar(s, `SELECT count(*) FROM reseller_contract_requests WHERE reseller_id = $1`, [plain.clientId])).toBe(0);
  });

  it('refuses the own account (owner or sub-user) and bad addresses', async () => {
    const reseller = await approvedReseller(s);
    const sub = await createSubUser(s, reseller.clientId);
    for (const email of [reseller.email, sub.email.toUpperCase()]) {
      expectErrorShape(await s.rpc('RequestContract', { p_email: email }, reseller.token), 422, 'CONTRACT_REQUEST_OWN_ACCOUNT');
    }
    const bad = await s.rpc('RequestContract', { p_email: 'not-an-address' }, reseller.token);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_email: email_invalid');
  });

  it('answers an unknown address exactly as a customer who has a reseller', async () => {
    const a = await approvedReseller(s);
    const b = await approvedReseller(s);
    const taken = await newAccount(s, { p_referrer: a.code });
    const unknown = await s.rpc('RequestContract', { p_email: uniqueEmail('nobody') }, b.token);
    expectErrorShape(unknown, 422, 'CONTRACT_REQUEST_REFUSED');
    // A customer with a reseller, and the provider's own staff and finance accounts.
    for (const email of [taken.email, DEMO_USERS.staff.email, DEMO_USERS.finance.email]) {
      const answer = await s.rpc('RequestContract', { p_email: email }, b.token);
      expect(answer.status, email).toBe(unknown.status);
      expect(answer.body, email).toEqual(unknown.body);
    }
    expect(await scalar(s, `SELECT count(*) FROM reseller_contract_requests WHERE reseller_id = $1`, [b.clientId])).toBe(0);
  });

  it('files one pending request per customer; staff approve it into a contract, once', async () => {
    const reseller = await approvedReseller(s, { percent: 15 });
    const client = await newAccount(s, { p_company_name: 'Later Lda' });
    const first = await s.rpc('RequestContract', { p_email: client.email.toUpperCase() }, reseller.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ request: expect.any(Number), status: 'pending' });
    const again = await s.rpc('RequestContract', { p_email: client.email }, reseller.token);
    expect(again.body.request).toBe(first.body.request);
    const mine = (await s.get('MyContractRequests', reseller.token)).body as Json[];
    expect(mine).toEqual([
      expect.objectContaining({ request: first.body.request, email: client.email, status: 'pending', decided_at: null }),
    ]);
    expect(await contracts(reseller.token)).toEqual([]);

    // The reseller cannot decide its own request; staff can, once.
    expectErrorShape(await s.rpc('ApproveContract', { p_request: first.body.request }, reseller.token), 403, 'ROLE_REQUIRED');
    const ok = await s.rpc('ApproveContract', { p_request: first.body.request }, staff);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectErrorShape(await s.rpc('ApproveContract', { p_request: first.body.request }, staff), 409, 'CONTRACT_REQUEST_DECIDED');
    expectErrorShape(
      await s.rpc('RejectContractRequest', { p_request: first.body.request }, staff),
      409,
      'CONTRACT_REQUEST_DECIDED',
    );
    const [c] = await contracts(reseller.token);
    expect(c).toMatchObject({ client: client.clientId, client_company: 'Later Lda', origin: 'request', commission_percent: 15 });
    const decided = (await s.get(`MyContractRequests?request=eq.${first.body.request}`, reseller.token)).body as Json[];
    expect(decided[0]).toMatchObject({ status: 'approved', decided_at: expect.any(String) });
    expectErrorShape(await s.rpc('ApproveContract', { p_request: 999_999 }, staff), 404, 'CONTRACT_REQUEST_NOT_FOUND');
  });

  it('staff cannot approve a request for a customer who got a reseller meanwhile, and may reject it', async () => {
    const a = await approvedReseller(s);
    const b = await approvedReseller(s);
    const client = await newAccount(s);
    const req = (await s.rpc('RequestContract', { p_email: client.email }, b.token)).body.request as number;
    await s.db.owner.query(
      `INSERT INTO reseller_contracts (reseller_id, client_id, origin, commission_percent, expires_at) VALUES ($1, $2, 'request', 10, now() + interval '2 years')`,
      [a.clientId, client.clientId],
    );
    expectErrorShape(await s.rpc('ApproveContract', { p_request: req }, staff), 409, 'CLIENT_HAS_RESELLER');
    expect(await scalar(s, `SELECT count(*) FROM reseller_contract_requests WHERE id = $1 AND status = 'pending'`, [req])).toBe(
      1,
    );
    const rejected = await s.rpc('RejectContractRequest', { p_request: req }, staff);
    expect(rejected.body).toEqual({ request: req, status: 'rejected' });
    const queue = (await s.get(`ContractRequests?request=eq.${req}`, staff)).body as Json[];
    expect(queue[0]).toMatchObject({ reseller: b.clientId, client: client.clientId, status: 'rejected' });
    expectErrorShape(await s.get('ContractRequests', b.token), 403, 'ROLE_REQUIRED');
  });

  it('takes at most ten requests a day from an account, refused ones included', async () => {
    const reseller = await approvedReseller(s);
    for (let i = 0; i < 10; i++) {
      const r = await s.rpc('RequestContract', { p_email: uniqueEmail('probe') }, reseller.token);
      expect(r.status).toBe(422);
    }
    const client = await newAccount(s);
    expectErrorShape(await s.rpc('RequestContract', { p_email: client.email }, reseller.token), 429, 'RATE_LIMITED');
    expect(await scalar(s, `SELECT count(*) FROM reseller_contract_requests WHERE reseller_id = $1`, [reseller.clientId])).toBe(
      0,
    );
  });

  it('is in the account’s log', async () => {
    const reseller = await approvedReseller(s);
    const client = await newAccount(s);
    await s.rpc('RequestContract', { p_email: client.email }, reseller.token);
    const logs = (await s.get('MyLogs?action=eq.RequestContract', reseller.token)).body as Json[];
    expect(logs[0]).toMatchObject({ result: 'ok', target: expect.stringContaining(client.email) });
  });
});

describe('who sees a reseller’s clients', () => {
  it('only the reseller: not the client, not another reseller, not another account', async () => {
    const reseller = await approvedReseller(s);
    const other = await approvedReseller(s);
    const client = await newAccount(s, { p_referrer: reseller.code });
    expect((await contracts(reseller.token)).map((c) => c.client)).toEqual([client.clientId]);
    for (const token of [client.token, other.token, await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password)]) {
      expect(await contracts(token)).toEqual([]);
      expect((await s.get(`MyResellerInvoices?client=eq.${client.clientId}`, token)).body).toEqual([]);
    }
    const sub = await createSubUser(s, reseller.clientId);
    const subToken = await s.login(sub.email, sub.password);
    expect((await contracts(subToken)).length).toBe(1);
    expect((await idsOf(s, client.email)).clientId).toBe(client.clientId);
  });

  it('MyReseller shows the account’s own standing only', async () => {
    const reseller = await approvedReseller(s, { percent: 11 });
    const mine = (await s.get('MyReseller', reseller.token)).body as Json[];
    expect(mine).toEqual([
      expect.objectContaining({
        client: reseller.clientId,
        referrer_code: reseller.code,
        commission_percent: 11,
        agreement_status: 'approved',
      }),
    ]);
    const plain = await newAccount(s);
    expect((await s.get('MyReseller', plain.token)).body).toEqual([]);
  });
});
