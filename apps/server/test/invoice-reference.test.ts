/**
 * One bank-transfer reference and one status per invoice (issue 12, "Billing agrees with itself"):
 * the invoice's reference (its number with two check digits) exists from issue on and is the same
 * in its PDF, its e-mail, MyInvoices, the public pay link and every transfer started for that one
 * invoice (billing, pay-invoice, an order's checkout); finance sees it in PendingBankTransfers and
 * MarkBankTransferReceived accepts it — also when no transfer was started — crediting it once.
 * Transfers for several invoices and deposits keep the payment's reference and name the invoices.
 */
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPaths } from '@portside/contract/payments';
import { messageText } from '@portside/contract/messages';
import { invoiceReference } from '@portside/contract/rules/payment-reference';
import { builderOfferId, type OrderLine } from '@portside/contract/schemas/orders';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, idsOf, scalar } from './factories.js';
import { balanceOf, buildIssuedInvoice, invoiceLink, invoiceRow, newKey } from './payment-factories.js';

let s: TestServer;
let token: string;
let other: string;
let finance: string;
let clientId: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
  ({ clientId } = await idsOf(s, DEMO_USERS.demo.email));
});
afterAll(async () => s?.stop());

const pay = (ids: number[], method: string, t = token, key = newKey()) =>
  s.rpc('PayInvoices', { p_invoice_ids: ids, p_method: method, p_idempotency_key: key }, t);
const mark = (reference: string) => s.rpc('MarkBankTransferReceived', { p_reference: reference }, finance);
const pending = async (reference: string): Promise<Json[]> => {
  const r = await s.get(`PendingBankTransfers?reference=eq.${reference}`, finance);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const paymentsWith = (reference: string) =>
  scalar(s, `SELECT count(*) FROM payments WHERE reference = $1`, [reference]).then(Number);
const receivedLogs = (reference: string) =>
  scalar(s, `SELECT count(*) FROM audit_log WHERE action = 'PaymentReceived' AND target LIKE $1`, [`${reference} %`]).then(
    Number,
  );

/** An open invoice of the demo account, as invoicing writes one. */
const issuedInvoice = (o: Parameters<typeof buildIssuedInvoice>[2] = {}) =>
  buildIssuedInvoice(s, clientId, { totalCents: 4321, ...o });

/** The invoice's PDF as the portal serves it, its text flattened as a reader extracts it. */
async function pdfText(invoiceId: number): Promise<string> {
  const res = await fetch(`${s.url}/api/InvoicePdf/${invoiceId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Mails the invoice as the invoice.mail job does, and gives the mail. */
async function mailOf(invoiceId: number, number: string): Promise<string> {
  expect((await runJob(JobName.InvoiceMail, s.jobDeps(), { invoiceId })).status).toBe(JobStatus.Success);
  const mail = await s.lastMail(DEMO_USERS.demo.email);
  expect(mail?.subject).toContain(number);
  return mail!.text;
}

describe('an invoice’s bank-transfer reference', () => {
  it('is made by the database as by the contract’s rule', async () => {
    const inv = await issuedInvoice();
    const stored = await s.db.owner.query<{ reference: string }>(`SELECT reference FROM invoices WHERE id = $1`, [inv.id]);
    expect(stored.rows[0]!.reference).toBe(inv.reference);
    for (const number of ['PS-2026-000001', 'PS-2027-000042', 'PS-2099-999999', 'PS-2000-000097']) {
      const r = await s.db.owner.query<{ ref: string }>(`SELECT invoice_reference($1) AS ref`, [number]);
      expect(r.rows[0]!.ref, number).toBe(invoiceReference(number));
    }
  });

  it('is the one the PDF, the e-mail, the billing list, the pay link and every transfer for it give', async () => {
    const inv = await issuedInvoice({ totalCents: 8150 });
    expect(inv.reference).toMatch(/^PS-\d{4}-\d{6}-\d{2}$/);

    // Before any payment exists: the PDF, the e-mail, the billing list and the public page.
    const pdf = await pdfText(inv.id);
    expect(pdf).toContain(`Reference ${inv.reference}`);
    expect(pdf).toContain('Status Open');
    const mail = await mailOf(inv.id, inv.number);
    expect(mail).toContain(`Reference: ${inv.reference}`);
    expect(mail).toContain('Status: Open');
    expect(mail).toContain(`IBAN: ${s.config.payments.bank.iban}`);
    expect(mail).toContain('Amount due: €81.50');
    const [row] = (await s.get(`MyInvoices?id=eq.${inv.id}`, token)).body;
    expect(row).toMatchObject({ number: inv.number, reference: inv.reference, status: 'open' });
    const link = invoiceLink(s, inv.number);
    expect((await s.call('GET', paymentPaths.invoice(link.issuer, link.part))).body).toMatchObject({ reference: inv.reference });
    // ... and finance already finds it by that reference, with no payment behind it yet.
    expect(await pending(inv.reference)).toEqual([
      expect.objectContaining({
        id: null,
        amount_cents: 8150,
        purpose: 'invoices',
        invoice_numbers: [inv.number],
        client: clientId,
      }),
    ]);

    // A transfer started on /billing quotes it, and its status names the invoice.
    const started = await pay([inv.id], 'bank_transfer');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ reference: inv.reference, bank: { reference: inv.reference, amount_cents: 8150 } });
    const state = (await s.rpc('PaymentStatus', { p_payment_id: started.body.payment_id }, token)).body;
    expect(state).toMatchObject({ reference: inv.reference, status: 'pending' });
    expect(state.invoices).toEqual([
      {
        id: inv.id,
        number: inv.number,
        reference: inv.reference,
        status: 'open',
        due_on: expect.any(String),
        total_cents: 8150,
        paid_cents: 0,
      },
    ]);
    // Started again (another dialog), or from the e-mail's pay link: the same one transfer.
    expect((await pay([inv.id], 'bank_transfer')).body.payment_id).toBe(started.body.payment_id);
    const viaLink = await s.call('POST', paymentPaths.invoice(link.issuer, link.part), {
      body: { p_method: 'bank_transfer', p_idempotency_key: newKey() },
    });
    expect(viaLink.body).toMatchObject({ payment_id: started.body.payment_id, reference: inv.reference });
    expect(await paymentsWith(inv.reference)).toBe(1);
    expect(await pending(inv.reference)).toEqual([
      expect.objectContaining({ id: started.body.payment_id, invoice_numbers: [inv.number] }),
    ]);

    // Finance marks it received by that reference, as typed from a bank statement; twice is once.
    const balance = await balanceOf(s, clientId);
    const first = await mark(` ${inv.reference.toLowerCase()} `);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'succeeded', payment_id: started.body.payment_id, reference: inv.reference });
    expect(first.body.invoices[0]).toMatchObject({ number: inv.number, status: 'paid', paid_cents: 8150 });
    expect((await mark(inv.reference)).body).toEqual(first.body);
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'paid', paid_cents: 8150 });
    expect(await balanceOf(s, clientId)).toBe(balance);
    expect(await receivedLogs(inv.reference)).toBe(1);
    expect(await pending(inv.reference)).toEqual([]);
    const paidPdf = await pdfText(inv.id);
    expect(paidPdf).toContain('Status Paid');
    expect(paidPdf).not.toContain(inv.reference);
  });

  it('is accepted from a transfer nobody started in the portal, crediting the invoice once', async () => {
    const inv = await issuedInvoice({ totalCents: 5000, paidCents: 1800 });
    const balance = await balanceOf(s, clientId);
    // Two finance users confirm the same statement line at once.
    const [a, b] = await Promise.all([mark(inv.reference), mark(inv.reference)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ status: 'succeeded', method: 'bank_transfer', amount_cents: 3200, reference: inv.reference });
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'paid', paid_cents: 5000 });
    expect(await paymentsWith(inv.reference)).toBe(1);
    expect(await receivedLogs(inv.reference)).toBe(1);
    expect(await balanceOf(s, clientId)).toBe(balance);
    // A customer starting a transfer for it afterwards is told it is paid.
    expectErrorShape(await pay([inv.id], 'bank_transfer'), 409, 'INVOICE_NOT_OPEN');
  });

  it('refuses a paid or void invoice’s reference (409), an unknown invoice (404) and wrong check digits (400)', async () => {
    const paid = await issuedInvoice();
    await s.db.owner.query(`UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = now() WHERE id = $1`, [
      paid.id,
    ]);
    const voided = await issuedInvoice();
    await s.db.owner.query(`UPDATE invoices SET status = 'void' WHERE id = $1`, [voided.id]);
    for (const inv of [paid, voided]) {
      const r = await mark(inv.reference);
      expectErrorShape(r, 409, 'INVOICE_NOT_OPEN');
      expect(r.body.details).toBe(inv.number);
      expect(await paymentsWith(inv.reference)).toBe(0);
    }
    expectErrorShape(await mark(invoiceReference('PS-1999-999999')), 404, 'NotFound');
    const wrong = paid.reference.replace(/\d\d$/, (d) => String((Number(d) + 1) % 100).padStart(2, '0'));
    const bad = await mark(wrong);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(detailLines(bad)).toEqual(['p_reference: payment_reference_invalid']);
    expect(JSON.stringify(bad.body)).toContain(messageText('payment_reference_invalid'));
    // The bare invoice number has no check digits: refused, not matched.
    expectErrorShape(await mark(paid.number), 400, 'VALIDATION_FAILED');
  });
});

describe('the status told with the reference', () => {
  it('is the contract’s rule in the e-mail as in the PDF: overdue past the due day, partly paid before it', async () => {
    const overdue = await issuedInvoice({ dueInDays: -3 });
    expect(await mailOf(overdue.id, overdue.number)).toContain('Status: Overdue');
    expect(await pdfText(overdue.id)).toContain('Status Overdue');
    const partly = await issuedInvoice({ totalCents: 6000, paidCents: 1000 });
    const mail = await mailOf(partly.id, partly.number);
    expect(mail).toContain('Status: Partly paid');
    expect(mail).toContain('Amount due: €50.00');
    expect(await pdfText(partly.id)).toContain('Status Partly paid');
  });
});

describe('transfers that are not for one invoice', () => {
  it('keep the payment’s reference for several invoices, and say which invoices they pay', async () => {
    const a = await issuedInvoice({ totalCents: 1000 });
    const b = await issuedInvoice({ totalCents: 2000 });
    const started = (await pay([a.id, b.id], 'bank_transfer')).body;
    expect(started.reference).toMatch(/^PS-\d+-\d{2}$/);
    expect(started.reference).toBe(`PS-${started.payment_id}-${started.reference.slice(-2)}`);
    const state = (await s.rpc('PaymentStatus', { p_payment_id: started.payment_id }, token)).body;
    expect(state.invoices.map((i: Json) => [i.number, i.reference])).toEqual([
      [a.number, a.reference],
      [b.number, b.reference],
    ]);
    expect(await pending(started.reference)).toEqual([
      expect.objectContaining({ id: started.payment_id, amount_cents: 3000, invoice_numbers: [a.number, b.number] }),
    ]);
    // Each invoice's own reference stays listed too: the customer may pay either way.
    expect(await pending(a.reference)).toHaveLength(1);
    expect((await mark(started.reference)).body).toMatchObject({ status: 'succeeded' });
    expect(await invoiceRow(s, a.id)).toMatchObject({ status: 'paid' });
    expect(await invoiceRow(s, b.id)).toMatchObject({ status: 'paid' });
    expect(await pending(a.reference)).toEqual([]);
  });

  it('keep the payment’s reference for a deposit, which pays no invoice', async () => {
    const r = await s.rpc('Deposit', { p_amount_cents: 2500, p_method: 'bank_transfer', p_idempotency_key: newKey() }, token);
    expect(r.body.reference).toMatch(/^PS-\d+-\d{2}$/);
    expect((await s.rpc('PaymentStatus', { p_payment_id: r.body.payment_id }, token)).body.invoices).toEqual([]);
    expect(await pending(r.body.reference)).toEqual([expect.objectContaining({ purpose: 'deposit', invoice_numbers: [] })]);
  });
});

describe('an order paid by bank transfer', () => {
  it('quotes its invoice’s reference, and marking that reference received provisions the order', async () => {
    const modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
    const config = {
      model_id: modelId,
      image: 'debian-12',
      disk_gb: 30,
      backups: false,
      hostname: `ref${Date.now().toString(36)}`,
      project: null,
      ssh_keys: [],
    };
    const line: OrderLine = { offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config };
    const r = await s.rpc(
      'CreateOrder',
      { p_idempotency_key: newKey(), p_items: [line], p_payment_method: 'bank_transfer' },
      other,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.jobsIdle();
    const inv = (await s.db.owner.query(`SELECT id, number, reference FROM invoices WHERE order_id = $1`, [r.body.order_id]))
      .rows[0];
    expect(inv.reference).toBe(invoiceReference(inv.number));
    expect(r.body.payment.bank.reference).toBe(inv.reference);
    expect((await s.lastMail(DEMO_USERS.other.email))?.text).toContain(`Reference: ${inv.reference}`);
    expect(await pending(inv.reference)).toEqual([
      expect.objectContaining({ id: r.body.payment.payment_id, purpose: 'order', invoice_numbers: [inv.number] }),
    ]);
    // The e-mail's pay link starts no second transfer: it answers the order's, and shows it.
    const link = invoiceLink(s, inv.number);
    const viaLink = await s.call('POST', paymentPaths.invoice(link.issuer, link.part), {
      body: { p_method: 'bank_transfer', p_idempotency_key: newKey() },
    });
    expect(viaLink.body).toMatchObject({ payment_id: r.body.payment.payment_id, reference: inv.reference });
    const shown = await s.call('GET', paymentPaths.invoicePayment(link.issuer, link.part, r.body.payment.payment_id));
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.invoices).toEqual([
      expect.objectContaining({ number: inv.number, reference: inv.reference, status: 'open' }),
    ]);
    const marked = await mark(inv.reference);
    expect(marked.body).toMatchObject({ status: 'succeeded', order_id: r.body.order_id });
    await s.jobsIdle();
    const order = (await s.db.owner.query(`SELECT status FROM orders WHERE id = $1`, [r.body.order_id])).rows[0];
    expect(order.status).not.toBe('awaiting_payment');
    expect((await invoiceRow(s, inv.id)).status).toBe('paid');
  });
});
