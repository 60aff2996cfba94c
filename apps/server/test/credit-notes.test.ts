/**
 * Credit notes (issue 18, finance) through real HTTP on real PostgreSQL: finance credits part of a
 * paid invoice, then the rest, the VAT of the parts adding up to the invoice's; the money goes to
 * the balance or back by bank transfer; numbers are gapless CN-YYYY-NNNNNN; an open invoice, a
 * deposit receipt and more than is left are refused and change nothing; the account sees its own
 * credit notes and PDFs, never another's; revenue and the accountant's CSV count them negative.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { createServedVm } from './billing-factories.js';
import { expectErrorShape, NO_RATE_LIMIT, newAccount, scalar } from './factories.js';
import { runMonthlyInvoicing } from '../src/modules/billing/monthly-invoicing.js';

type Json = Record<string, unknown>;
let s: TestServer;
let finance: string;
let customer: { token: string; clientId: string };
let other: { token: string; clientId: string };
let invoice: Json;

const balance = async (clientId: string) => scalar(s, `SELECT account_balance_cents($1)`, [clientId]);
const create = (body: Json, token = finance) => s.rpc('FinanceCreditNoteCreate', body, token);
const pdf = (path: string, token: string) => fetch(`${s.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
  customer = await newAccount(s);
  other = await newAccount(s);
  await createServedVm(s.db, { clientId: customer.clientId, start: '2022-05-01', end: '2022-05-31' });
  expect((await runMonthlyInvoicing(s.jobDeps(), '2022-05')).failed).toBe(0);
  const rows = (await s.get(`FinanceInvoices?client=eq.${customer.clientId}`, finance)).body as Json[];
  expect(rows).toHaveLength(1);
  invoice = rows[0]!;
  expect(invoice.credited_cents).toBe(0);
});
afterAll(async () => s?.stop());

describe('FinanceCreditNoteCreate', () => {
  it('refuses an open invoice, changing nothing', async () => {
    expectErrorShape(
      await create({ p_invoice: invoice.id, p_subtotal_cents: 100, p_reason: 'Outage', p_refund: 'balance' }),
      409,
      'CREDIT_NOTE_NOT_PAID',
    );
    expect(await scalar(s, `SELECT count(*) FROM credit_notes`)).toBe(0);
  });

  it('credits part of a paid invoice to the balance, then the rest by bank transfer, to the cent', async () => {
    await s.db.owner.query(`UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = now() WHERE id = $1`, [
      invoice.id,
    ]);
    const net = Number(invoice.subtotal_cents);
    const before = await balance(customer.clientId);
    const part = Math.floor(net / 3);

    const a = await create({
      p_invoice: invoice.id,
      p_subtotal_cents: part,
      p_reason: 'Two days of outage',
      p_refund: 'balance',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(await balance(customer.clientId)).toBe(before + Number(a.body.total_cents));

    expectErrorShape(
      await create({ p_invoice: invoice.id, p_subtotal_cents: net - part + 1, p_reason: 'Too much', p_refund: 'bank' }),
      422,
      'CREDIT_NOTE_TOO_MUCH',
    );
    const b = await create({
      p_invoice: invoice.id,
      p_subtotal_cents: net - part,
      p_reason: 'Cancelled within the trial',
      p_refund: 'bank',
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    // Numbers follow each other without a gap (the refused one took none).
    const seq = (n: unknown) => Number(String(n).slice(-6));
    expect(seq(b.body.number)).toBe(seq(a.body.number) + 1);
    // A bank refund leaves the balance alone.
    expect(await balance(customer.clientId)).toBe(before + Number(a.body.total_cents));
    // Both parts credit exactly the invoice's total.
    const after = ((await s.get(`FinanceInvoices?id=eq.${String(invoice.id)}`, finance)).body as Json[])[0]!;
    expect(after.credited_cents).toBe(invoice.total_cents);
    expect(after.status).toBe('paid');
    expectErrorShape(
      await create({ p_invoice: invoice.id, p_subtotal_cents: 1, p_reason: 'More', p_refund: 'bank' }),
      422,
      'CREDIT_NOTE_TOO_MUCH',
    );

    const audit = await s.db.owner.query(
      `SELECT target FROM audit_log WHERE action = 'FinanceCreditNoteCreate' AND target LIKE '%CN-%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => String(r.target))).toEqual([
      expect.stringContaining(String(a.body.number)),
      expect.stringContaining(String(b.body.number)),
    ]);
  });

  it('refuses bad input, an unknown invoice, a deposit receipt and a customer', async () => {
    const bad = await create({ p_invoice: invoice.id, p_subtotal_cents: 0, p_reason: '', p_refund: 'cash' });
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(String(bad.body.details)).toContain('credit_amount_invalid');
    expect(String(bad.body.details)).toContain('credit_reason_empty');
    expectErrorShape(
      await create({ p_invoice: 99_999_999, p_subtotal_cents: 1, p_reason: 'x', p_refund: 'bank' }),
      404,
      'INVOICE_NOT_FOUND',
    );
    const deposit = await s.db.owner.query<{ id: number }>(
      `INSERT INTO invoices (client_id, number, kind, issued_on, due_on, status, subtotal_cents, total_cents, paid_cents, bill_to)
       VALUES ($1, 'PS-2022-900001', 'deposit', '2022-06-01', '2022-06-01', 'paid', 1000, 1000, 1000, '{}') RETURNING id::int AS id`,
      [customer.clientId],
    );
    expectErrorShape(
      await create({ p_invoice: deposit.rows[0]!.id, p_subtotal_cents: 1, p_reason: 'x', p_refund: 'bank' }),
      409,
      'CREDIT_NOTE_DEPOSIT',
    );
    expectErrorShape(
      await create({ p_invoice: invoice.id, p_subtotal_cents: 1, p_reason: 'x', p_refund: 'bank' }, customer.token),
      403,
      'ROLE_REQUIRED',
    );
    expect(await scalar(s, `SELECT count(*) FROM credit_notes`)).toBe(2);
  });
});

describe('reading credit notes', () => {
  it('shows the account its own credit notes and PDFs, another account none of them', async () => {
    const mine = (await s.get('MyCreditNotes', customer.token)).body as Json[];
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ invoice: invoice.id, invoice_number: invoice.number, refund: expect.any(String) });
    expect((await s.get('MyCreditNotes', other.token)).body).toEqual([]);
    const id = mine[0]!.id;
    const own = await pdf(`CreditNotePdf/${String(id)}`, customer.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect((await own.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await pdf(`CreditNotePdf/${String(id)}`, other.token)).status).toBe(404);
    expect((await pdf(`FinanceCreditNotePdf/${String(id)}`, finance)).status).toBe(200);
    expect((await pdf(`FinanceCreditNotePdf/${String(id)}`, customer.token)).status).toBe(403);
  });

  it('lists them for finance with search, and counts them negative in revenue and the CSV', async () => {
    const all = (await s.get(`FinanceCreditNotes?client=eq.${customer.clientId}`, finance)).body as Json[];
    expect(all.map((n) => n.created_by)).toEqual([DEMO_USERS.finance.email, DEMO_USERS.finance.email]);
    const found = (await s.get('FinanceCreditNotes?search=ilike.*outage*', finance)).body as Json[];
    expect(found.map((n) => n.reason)).toEqual(['Two days of outage']);
    expectErrorShape(await s.get('FinanceCreditNotes', customer.token), 403, 'ROLE_REQUIRED');

    // Invoice and credit notes were issued this month: its revenue nets to zero for this account's country.
    const month = new Date().toISOString().slice(0, 7);
    const revenue = (await s.get(`FinanceRevenue?month=eq.${month}-01`, finance)).body as Json[];
    expect(revenue.length).toBeGreaterThan(0);
    const csv = await (await pdf(`FinanceInvoicesCsv/${month}`, finance)).text();
    const lines = csv.split('\r\n').filter((l) => l.includes('credit-note'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`credits ${String(invoice.number)}`);
    expect(lines[0]).toMatch(/,-\d+\.\d{2},/);
  });
});
