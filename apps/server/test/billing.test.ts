/**
 * Invoices of an order's first charge, the billing reads (MyInvoices, MyBalance, MyDeposits) and
 * the invoice PDF through real HTTP: only the caller's own, the PDF readable with the number, the
 * VAT number, every line and the right totals, in the account's language.
 */
import { invoiceReference } from '@portside/contract/rules/payment-reference';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOrderInvoice } from '../src/modules/billing/invoicing.js';
import { runMonthlyInvoicing } from '../src/modules/billing/monthly-invoicing.js';
import { seedDemoInvoices } from '../src/db/seed-invoices.js';
import { SELLER } from '../src/modules/billing/seller.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { createBillingClient, createDeposit, createOrder, createServedVm, invoicesOf } from './billing-factories.js';
import { expectErrorShape, newAccount, NO_RATE_LIMIT } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => {
  await s?.stop();
});

const counter = async () =>
  Number((await s.db.owner.query(`SELECT coalesce(sum(last_number), 0) AS n FROM invoice_counters`)).rows[0]!.n);

describe('issueOrderInvoice', () => {
  const items = [
    { hostname: 'app-1.example', monthlyCents: 1000, firstChargeCents: 367 },
    { hostname: 'app-2.example', model: 'S2R4', location: 'frankfurt', monthlyCents: 1150, firstChargeCents: 422 },
    { hostname: 'trial.example', monthlyCents: 500, firstChargeCents: 0, trial: true },
  ];

  it('charges each server from the order day to the month’s end, nothing for the trial, issued paid when paid', async () => {
    const client = await createBillingClient(s.db, { vatNumber: 'PT501234567' });
    const orderId = await createOrder(s.db, { clientId: client, createdAt: '2026-11-20T15:00:00Z', paid: true, items });
    const inv = await s.db.system((tx) => issueOrderInvoice(tx, orderId, '2026-11-20'));
    const [row] = await invoicesOf(s.db, client);
    expect(inv).toEqual({ id: row.id, number: row.number, total_cents: 970 });
    expect(row).toMatchObject({
      kind: 'order',
      status: 'paid',
      subtotal_cents: 789,
      vat_percent: 23,
      vat_cents: 181,
      total_cents: 970,
      paid_cents: 970,
      issued_on: '2026-11-20',
      due_on: '2026-12-04',
    });
    expect(row.bill_to.vat_number).toBe('PT501234567');
    expect(row.lines).toEqual([
      expect.objectContaining({
        description: 'app-1.example · S1R2 · Lisbon',
        from: '2026-11-20',
        to: '2026-11-30',
        days: 11,
        monthly: 1000,
        amount: 367,
      }),
      expect.objectContaining({ description: 'app-2.example · S2R4 · Frankfurt', days: 11, monthly: 1150, amount: 422 }),
    ]);
  });

  it('answers the same invoice to a second call and uses no second number', async () => {
    const client = await createBillingClient(s.db);
    const orderId = await createOrder(s.db, { clientId: client, createdAt: '2026-11-02T08:00:00Z', items: items.slice(0, 1) });
    const first = await s.db.system((tx) => issueOrderInvoice(tx, orderId));
    const n = await counter();
    const [again, concurrent] = await Promise.all([
      s.db.system((tx) => issueOrderInvoice(tx, orderId)),
      s.db.system((tx) => issueOrderInvoice(tx, orderId)),
    ]);
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    expect(await counter()).toBe(n);
    expect((await invoicesOf(s.db, client))[0]).toMatchObject({ status: 'open', paid_cents: 0 });
  });

  it('issues nothing for an order of a free trial server alone', async () => {
    const client = await createBillingClient(s.db);
    const orderId = await createOrder(s.db, {
      clientId: client,
      createdAt: '2026-11-05T08:00:00Z',
      method: 'trial',
      items: items.slice(2),
    });
    const n = await counter();
    expect(await s.db.system((tx) => issueOrderInvoice(tx, orderId))).toBeNull();
    expect(await counter()).toBe(n);
  });
});

describe('the billing reads and the invoice PDF', () => {
  let me: Awaited<ReturnType<typeof newAccount>>;
  let other: Awaited<ReturnType<typeof newAccount>>;

  beforeAll(async () => {
    me = await newAccount(s, { p_company_name: 'Acme Unipessoal' });
    other = await newAccount(s);
    await s.db.owner.query(`UPDATE clients SET vat_number = 'PT507654321' WHERE id = $1`, [me.clientId]);
    for (const c of [me.clientId, other.clientId]) {
      await createServedVm(s.db, { clientId: c, start: '2021-05-11', end: '2021-06-30', model: 'S2R4' });
      await createServedVm(s.db, { clientId: c, start: '2021-05-01', end: '2021-06-30', backups: true });
    }
    await runMonthlyInvoicing(s.jobDeps(), '2021-05', new Date('2026-06-01T02:00:00Z'));
    await runMonthlyInvoicing(s.jobDeps(), '2021-06', new Date('2026-07-01T02:00:00Z'));
    await createDeposit(s.db, me.clientId, 5000);
    await createDeposit(s.db, me.clientId, 2500, 'card');
    await s.db.owner.query(
      `INSERT INTO payments (client_id, method, purpose, amount_cents, status, reference, idempotency_key)
      VALUES ($1, 'card', 'deposit', 9900, 'failed', 'DEP-FAILED-1', 'failed-deposit-1')`,
      [me.clientId],
    );
  });

  it('lists only the caller’s own invoices, newest first', async () => {
    const r = await s.get('MyInvoices', me.token);
    expect(r.status).toBe(200);
    expect(r.body.map((i: { period_start: string }) => i.period_start)).toEqual(['2021-06-01', '2021-05-01']);
    const mine = await invoicesOf(s.db, me.clientId);
    expect(r.body[1]).toEqual({
      id: mine[0].id,
      number: mine[0].number,
      reference: invoiceReference(mine[0].number),
      kind: 'monthly',
      issued_on: '2026-06-01',
      due_on: '2026-06-15',
      status: 'open',
      subtotal_cents: mine[0].subtotal_cents,
      vat_cents: mine[0].vat_cents,
      total_cents: mine[0].total_cents,
      paid_cents: 0,
      period_start: '2021-05-01',
    });
    const theirs = (await s.get('MyInvoices', other.token)).body.map((i: { id: number }) => i.id);
    expect(theirs).toHaveLength(2);
    expect(theirs.some((id: number) => mine.some((m) => m.id === id))).toBe(false);
    expect((await s.get('MyInvoices?status=eq.open&select=number', me.token)).body).toHaveLength(2);
    expectErrorShape(await s.get('MyInvoices?client_id=eq.x', me.token), 400, 'UNKNOWN_COLUMN');
  });

  it('shows the balance and the succeeded deposits only', async () => {
    expect((await s.get('MyBalance', me.token)).body).toEqual([{ balance_cents: 7500 }]);
    expect((await s.get('MyBalance', other.token)).body).toEqual([{ balance_cents: 0 }]);
    const deposits = (await s.get('MyDeposits', me.token)).body;
    expect(deposits.map((d: { amount_cents: number; method: string }) => [d.amount_cents, d.method])).toEqual([
      [2500, 'card'],
      [5000, 'bank_transfer'],
    ]);
    expect((await s.get('MyDeposits', other.token)).body).toEqual([]);
  });

  const pdf = (id: number | string, token?: string) =>
    fetch(`${s.url}/api/InvoicePdf/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const textOf = async (res: Response) => (await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true })).text;

  it('renders the invoice as a PDF with the number, the VAT number, every line and the totals', async () => {
    const [may] = await invoicesOf(s.db, me.clientId);
    const res = await pdf(may.id, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${may.number}.pdf"`);
    const text = await textOf(res);
    const eur = (c: number) => `€${(c / 100).toFixed(2)}`;
    for (const piece of [
      may.number,
      'PT507654321',
      'Acme Unipessoal',
      'Cloud servers, May 2021',
      SELLER.name,
      'IBAN',
      eur(may.subtotal_cents),
      'VAT 23%',
      eur(may.vat_cents),
      eur(may.total_cents),
      'Amount due',
    ]) {
      expect(text).toContain(piece);
    }
    for (const l of may.lines) {
      expect(text).toContain(l.description);
      expect(text).toContain(eur(l.amount));
    }
    expect(may.lines.map((l: { days: number }) => l.days)).toEqual([21, 31, 31]);
  });

  it('prints the account’s language with every letter: German, Polish, Hindi in Devanagari', async () => {
    const [may] = await invoicesOf(s.db, me.clientId);
    await s.db.owner.query(`UPDATE clients SET language = 'de' WHERE id = $1`, [me.clientId]);
    const de = (await textOf(await pdf(may.id, me.token))).replace(/\s/g, ' ');
    expect(de).toContain('Rechnung');
    expect(de).toContain(`${(may.total_cents / 100).toFixed(2).replace('.', ',')} €`);
    await s.db.owner.query(`UPDATE clients SET language = 'pl' WHERE id = $1`, [me.clientId]);
    expect(await textOf(await pdf(may.id, me.token))).toContain('Do zapłaty');
    await s.db.owner.query(`UPDATE clients SET language = 'hi' WHERE id = $1`, [me.clientId]);
    const hi = await textOf(await pdf(may.id, me.token));
    expect(hi).toContain('चालान');
    expect(hi).not.toContain('Invoice number');
  });

  it('answers 404 for another account’s invoice or a bad id, 401 without a token', async () => {
    const [theirs] = await invoicesOf(s.db, other.clientId);
    for (const id of [theirs.id, 'abc', '999999999']) {
      const res = await pdf(id, me.token);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('NotFound');
    }
    expect((await pdf(theirs.id)).status).toBe(401);
  });
});

describe('the demo billing of the seed', () => {
  it('gives the demo owner a balance, a deposit, a paid and open invoices; a re-seed changes nothing', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const invoices = (await s.get('MyInvoices', token)).body as Array<{ status: string; number: string; period_start: string }>;
    expect(invoices.length).toBe(3);
    expect(invoices.map((i) => i.status)).toEqual(['open', 'open', 'paid']);
    expect((await s.get('MyBalance', token)).body).toEqual([{ balance_cents: 5000 }]);
    expect((await s.get('MyDeposits', token)).body).toHaveLength(1);
    const rows = async () =>
      (
        await s.db.owner.query(
          `SELECT (SELECT count(*) FROM services) AS s, (SELECT count(*) FROM invoices) AS i, (SELECT count(*) FROM invoice_lines) AS l,
              (SELECT count(*) FROM payments) AS p, (SELECT coalesce(sum(last_number), 0) FROM invoice_counters) AS n`,
        )
      ).rows[0];
    const before = await rows();
    await seedDemoInvoices(s.db.owner, DEMO_USERS.demo.email);
    expect(await rows()).toEqual(before);
  });
});
