/**
 * A reseller's clients' invoices and commission (issue 17) and its client files, through real HTTP
 * on real PostgreSQL: the commission of each invoice is the contract rule's (rules/commission.ts),
 * from paid invoices within the contract's period only; client files are filed under the
 * reseller's own clients only, and another account's client is not found everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionCents } from '@portside/contract/rules/commission';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount, scalar } from './factories.js';
import { approvedReseller, invoiceOn, postFile } from './reseller-factories.js';
import { getFile, png } from './verification-fixtures.js';
import { DEMO_REFERRED, DEMO_REFERRER_CODE, seedDemoReseller } from '../src/db/seed-reseller.js';

let s: TestServer;
let seed = 9000;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

/** A reseller with a client registered through its code; the contract began `startedDaysAgo` days ago. */
async function resellerWithClient(percent = 10, startedDaysAgo = 40) {
  const reseller = await approvedReseller(s, { percent });
  const client = await newAccount(s, { p_referrer: reseller.code });
  await s.db.owner.query(
    `UPDATE reseller_contracts SET created_at = now() - make_interval(days => $2), expires_at = now() - make_interval(days => $2) + interval '24 months'
      WHERE client_id = $1`,
    [client.clientId, startedDaysAgo],
  );
  return { reseller, client };
}

const invoicesOf = async (token: string, clientId: string): Promise<Json[]> => {
  const r = await s.get(`MyResellerInvoices?client=eq.${clientId}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Json[];
};

describe('a client’s invoices and the commission', () => {
  it('pays half-up cents of the net subtotal on paid invoices within the period, nothing on the rest', async () => {
    const { reseller, client } = await resellerWithClient(10, 40);
    const paidA = await invoiceOn(s, client.clientId, { daysAgo: 30, subtotal: 1005 }); // 100.5 → 101
    const paidB = await invoiceOn(s, client.clientId, { daysAgo: 20, subtotal: 2499, kind: 'monthly' }); // 249.9 → 250
    const open = await invoiceOn(s, client.clientId, { daysAgo: 10, subtotal: 5000, status: 'open' });
    const voided = await invoiceOn(s, client.clientId, { daysAgo: 5, subtotal: 700, status: 'void' });
    const before = await invoiceOn(s, client.clientId, { daysAgo: 45, subtotal: 9999 }); // before the contract began
    const deposit = await invoiceOn(s, client.clientId, { daysAgo: 3, subtotal: 10_000, vat: 0, kind: 'deposit' });

    const rows = await invoicesOf(reseller.token, client.clientId);
    expect(rows.map((r) => r.number)).toEqual([voided.number, open.number, paidB.number, paidA.number]);
    const byId = new Map(rows.map((r) => [r.invoice as number, r]));
    expect(byId.get(paidA.id)).toMatchObject({
      client: client.clientId,
      status: 'paid',
      amount_cents: 1005 + 231,
      commission_base_cents: 1005,
      commission_percent: 10,
      commission_cents: 101,
    });
    expect(byId.get(paidB.id)?.commission_cents).toBe(250);
    expect(byId.get(open.id)?.commission_cents).toBe(0);
    expect(byId.get(voided.id)?.commission_cents).toBe(0);
    expect(byId.has(before.id)).toBe(false);
    expect(byId.has(deposit.id)).toBe(false);
    for (const r of rows) {
      expect(r.commission_cents).toBe(r.status === 'paid' ? commissionCents(r.commission_base_cents, r.commission_percent) : 0);
      expect(r.due_on > r.issued_on).toBe(true);
    }
    const [contract] = (await s.get('MyResellerContracts', reseller.token)).body as Json[];
    expect(contract).toMatchObject({ invoices: 4, commission_cents: 351 });
  });

  it('keeps the percent the contract was made with, and stops at the contract’s end', async () => {
    const { reseller, client } = await resellerWithClient(20, 800);
    await s.db.owner.query(`UPDATE resellers SET commission_percent = 50 WHERE client_id = $1`, [reseller.clientId]);
    // The contract began 800 days ago: it ended about 70 days ago.
    const within = await invoiceOn(s, client.clientId, { daysAgo: 400, subtotal: 333 }); // 66.6 → 67
    const after = await invoiceOn(s, client.clientId, { daysAgo: 30, subtotal: 10_000 });
    const rows = await invoicesOf(reseller.token, client.clientId);
    expect(rows.map((r) => [r.invoice, r.commission_cents])).toEqual([[within.id, 67]]);
    expect(rows.some((r) => r.invoice === after.id)).toBe(false);
    const [contract] = (await s.get('MyResellerContracts', reseller.token)).body as Json[];
    expect(contract).toMatchObject({ status: 'expired', commission_percent: 20, commission_cents: 67 });
  });

  it('shows nobody else a client’s invoices: not another reseller, not the client, not staff', async () => {
    const { reseller, client } = await resellerWithClient();
    await invoiceOn(s, client.clientId, { daysAgo: 1, subtotal: 1000 });
    expect((await invoicesOf(reseller.token, client.clientId)).length).toBe(1);
    const other = await approvedReseller(s);
    const staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    for (const token of [other.token, client.token, staff]) {
      expect(await invoicesOf(token, client.clientId)).toEqual([]);
      expect((await s.get('MyResellerInvoices', token)).body).toEqual([]);
    }
  });
});

describe('client files', () => {
  const upload = (token: string, fields: Record<string, string>, bytes = png(seed++)) =>
    postFile(s, '/api/rpc/FileUpload', bytes, { token, fields, filename: 'contract-scan.png', type: 'image/png' });

  it('files an image under one of the reseller’s clients, lists it and serves it back', async () => {
    const { reseller, client } = await resellerWithClient();
    const bytes = png(seed++);
    const r = await upload(reseller.token, { p_category: 'client', p_client: client.clientId }, bytes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const listed = (await s.get(`MyFiles?category=eq.client&for_client=eq.${client.clientId}`, reseller.token)).body as Json[];
    expect(listed).toEqual([
      expect.objectContaining({
        file: r.body.file,
        name: 'contract-scan.png',
        type: 'image/png',
        category: 'client',
        for_client: client.clientId,
      }),
    ]);
    const got = await getFile(s, `/api/ClientFile/${r.body.file}`, reseller.token);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    // The same scan again for the same client is a repeat; for another client it is not.
    expectErrorShape(
      await upload(reseller.token, { p_category: 'client', p_client: client.clientId }, bytes),
      409,
      'UPLOAD_DUPLICATE',
    );
    const second = await newAccount(s, { p_referrer: reseller.code });
    expect((await upload(reseller.token, { p_category: 'client', p_client: second.clientId }, bytes)).status).toBe(200);
  });

  it('refuses another account’s client, a missing client and a client on a ticket upload; nothing is stored', async () => {
    const { reseller } = await resellerWithClient();
    const { client: theirs } = await resellerWithClient();
    const stranger = await newAccount(s);
    const count = () => scalar(s, `SELECT count(*) FROM files WHERE client_id = $1`, [reseller.clientId]);
    for (const c of [theirs.clientId, stranger.clientId, reseller.clientId]) {
      expectErrorShape(await upload(reseller.token, { p_category: 'client', p_client: c }), 404, 'RESELLER_CLIENT_NOT_FOUND');
    }
    const missing = await upload(reseller.token, { p_category: 'client' });
    expectErrorShape(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.details).toBe('p_client: reseller_client_required');
    const onTicket = await upload(reseller.token, { p_category: 'ticket', p_client: theirs.clientId });
    expect(onTicket.body.details).toBe('p_client: reseller_client_not_allowed');
    expect(await count()).toBe(0);
  });

  it('serves a client file to its reseller only', async () => {
    const { reseller, client } = await resellerWithClient();
    const file = (await upload(reseller.token, { p_category: 'client', p_client: client.clientId })).body.file as number;
    const other = await approvedReseller(s);
    for (const token of [other.token, client.token]) {
      expectErrorShape(await s.call('GET', `/api/ClientFile/${file}`, { token }), 404, 'NotFound');
    }
    expect((await s.get(`MyFiles?for_client=eq.${client.clientId}`, other.token)).body).toEqual([]);
    // A ticket attachment is no client file.
    const ticketFile = (await upload(reseller.token, { p_category: 'ticket' })).body.file as number;
    expect((await s.call('GET', `/api/ClientFile/${ticketFile}`, { token: reseller.token })).status).toBe(404);
  });
});

describe('the demo reseller', () => {
  it('has two clients with a month of invoices, two paid and one open; a re-seed changes nothing', async () => {
    const token = await s.login(DEMO_USERS.reseller.email, DEMO_USERS.reseller.password);
    const [me] = (await s.get('MyReseller', token)).body as Json[];
    expect(me).toMatchObject({ agreement_status: 'approved', referrer_code: DEMO_REFERRER_CODE, commission_percent: 10 });
    const list = (await s.get('MyResellerContracts?order=client_name.asc', token)).body as Json[];
    expect(list.map((c) => [c.client_name, c.status, c.invoices])).toEqual([
      ['Bruno Kunde', 'active', 1],
      ['Clara Cliente', 'active', 2],
    ]);
    const rows = (await s.get('MyResellerInvoices', token)).body as Json[];
    expect(rows.map((r) => r.status).sort()).toEqual(['open', 'paid', 'paid']);
    const expected = rows.reduce((sum, r) => sum + (r.status === 'paid' ? commissionCents(r.commission_base_cents, 10) : 0), 0);
    expect(expected).toBeGreaterThan(0);
    expect(list.reduce((sum, c) => sum + (c.commission_cents as number), 0)).toBe(expected);

    const counts = async () =>
      (
        await s.db.owner.query(
          `SELECT (SELECT count(*) FROM resellers) AS r, (SELECT count(*) FROM reseller_contracts) AS c, (SELECT count(*) FROM invoices) AS i`,
        )
      ).rows[0];
    const before = await counts();
    await seedDemoReseller(s.db.owner, {
      reseller: DEMO_USERS.reseller.email,
      clara: DEMO_REFERRED.clara.email,
      bruno: DEMO_REFERRED.bruno.email,
    });
    expect(await counts()).toEqual(before);
  });
});
