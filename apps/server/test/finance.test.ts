/**
 * Finance's reads across accounts (issue 18) through real HTTP on real PostgreSQL: every account's
 * invoices with search and status, the payments received, the revenue per month, country and VAT
 * treatment, and the accountant's CSV (RFC 4180, no formula cells); for the finance role and
 * staff only — a customer gets 403 from every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { createBillingClient, createServedVm } from './billing-factories.js';
import { expectErrorShape, NO_RATE_LIMIT } from './factories.js';
import { runMonthlyInvoicing } from '../src/modules/billing/monthly-invoicing.js';

type Json = Record<string, unknown>;
let s: TestServer;
let finance: string;
let staff: string;
let customer: string;
let pt: string;
let de: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  customer = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  // Two accounts invoiced for May 2022: a Portuguese one with VAT, a German business under reverse charge.
  pt = await createBillingClient(s.db, { company: '=Formula Lda, "Porto"' });
  de = await createBillingClient(s.db, { country: 'DE', vatNumber: 'DE123456789', company: 'Kunde GmbH' });
  await createServedVm(s.db, { clientId: pt, start: '2022-05-01', end: '2022-05-31' });
  await createServedVm(s.db, { clientId: de, start: '2022-05-01', end: '2022-05-31' });
  const run = await runMonthlyInvoicing(s.jobDeps(), '2022-05');
  expect(run.failed).toBe(0);
  // Issued today: their month is this one.
  month = new Date().toISOString().slice(0, 7);
});
let month: string;
afterAll(async () => s?.stop());

/** A revenue row's key: its billing country and VAT treatment. */
const keyOf = (r: Json) => [String(r.country), typeof r.vat_note === 'string' ? r.vat_note : ''].join('|');
const csv = (month: string, token: string) =>
  fetch(`${s.url}/api/FinanceInvoicesCsv/${month}`, { headers: { authorization: `Bearer ${token}` } });

describe('FinanceInvoices', () => {
  it('lists every account’s invoices as billed, searchable by name and VAT number, filtered by status', async () => {
    const may = (await s.get(`FinanceInvoices?client=in.(${pt},${de})&order=number.asc`, finance)).body as Json[];
    expect(may.map((i) => i.client_name).sort()).toEqual(['=Formula Lda, "Porto"', 'Kunde GmbH']);
    const german = may.find((i) => i.client === de)!;
    expect(german).toMatchObject({
      country: 'DE',
      vat_number: 'DE123456789',
      vat_note: 'reverse-charge',
      vat_cents: 0,
      status: 'open',
    });
    const found = (await s.get('FinanceInvoices?search=ilike.*de123456789*', finance)).body as Json[];
    expect(found.map((i) => i.id)).toEqual([german.id]);
    expect((await s.get('FinanceInvoices?search=ilike.*kunde*&status=eq.paid', staff)).body).toEqual([]);
  });

  it('is refused to a customer, and so is every finance read and the CSV', async () => {
    for (const view of ['FinanceInvoices', 'FinancePayments', 'FinanceRevenue'])
      expectErrorShape(await s.get(view, customer), 403);
    expect((await csv(month, customer)).status).toBe(403);
  });
});

describe('FinanceRevenue', () => {
  it('adds up each month per billing country and VAT treatment, as the month’s invoices say', async () => {
    const first = `${month}-01`;
    const rows = (await s.get(`FinanceRevenue?month=eq.${first}`, finance)).body as Json[];
    const invoices = (await s.get(`FinanceInvoices?issued_on=gte.${first}&status=neq.void&limit=1000`, finance)).body as Json[];
    const expected = new Map<string, { invoices: number; net_cents: number; vat_cents: number }>();
    for (const i of invoices.filter((x) => String(x.issued_on).startsWith(month))) {
      const key = keyOf(i);
      const e = expected.get(key) ?? { invoices: 0, net_cents: 0, vat_cents: 0 };
      expected.set(key, {
        invoices: e.invoices + 1,
        net_cents: e.net_cents + Number(i.subtotal_cents),
        vat_cents: e.vat_cents + Number(i.vat_cents),
      });
    }
    expect(
      new Map(rows.map((r) => [keyOf(r), { invoices: r.invoices, net_cents: r.net_cents, vat_cents: r.vat_cents }])),
    ).toEqual(expected);
    expect(rows.find((r) => r.country === 'DE' && r.vat_note === 'reverse-charge')).toMatchObject({ vat_cents: 0 });
  });
});

describe('FinancePayments', () => {
  it('lists payments that ended, not those still pending', async () => {
    await s.db.owner.query(
      `INSERT INTO payments (client_id, method, purpose, amount_cents, status, reference, provider, idempotency_key, completed_at)
       VALUES ($1, 'card', 'deposit', 5000, 'succeeded', 'PAY-FIN-1', 'test-card', 'fin-test-1', now()),
              ($1, 'bank_transfer', 'deposit', 7000, 'pending', 'PAY-FIN-2', NULL, 'fin-test-2', NULL)`,
      [pt],
    );
    const rows = (await s.get(`FinancePayments?client=eq.${pt}`, finance)).body as Json[];
    expect(rows).toEqual([
      expect.objectContaining({
        reference: 'PAY-FIN-1',
        amount_cents: 5000,
        status: 'succeeded',
        client_name: '=Formula Lda, "Porto"',
      }),
    ]);
  });
});

describe('FinanceInvoicesCsv', () => {
  it('gives the month’s invoices as CSV with quoted fields and no formula cells', async () => {
    const r = await csv(month, finance);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toContain(`invoices-${month}.csv`);
    const text = (await r.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'number,kind,issued_on,due_on,status,client,country,vat_number,net,vat_percent,vat,total,paid,vat_note',
    );
    const total = Number(
      (await s.get(`FinanceInvoices?issued_on=gte.${month}-01&limit=1000`, finance, { prefer: 'count=exact' })).body.length,
    );
    expect(lines).toHaveLength(total + 1);
    expect(text).toContain(`"'=Formula Lda, ""Porto"""`);
    expect(lines.find((l) => l.includes('Kunde GmbH'))).toMatch(
      /,DE,DE123456789,\d+\.\d{2},0\.00,0\.00,\d+\.\d{2},0\.00,reverse-charge$/,
    );
    expect((await csv('2022-13', finance)).status).toBe(404);
    expect((await csv('..%2F..', finance)).status).toBe(404);
  });
});
