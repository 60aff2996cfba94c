/**
 * Payments (issue 5): paying invoices by test card, bank transfer and from the balance, deposits,
 * finance marking transfers received — each idempotent: a double submit is one payment, a
 * replayed return or status poll applies once, a failure leaves the invoice open with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, idsOf, scalar } from './factories.js';
import { addCredit, balanceOf, buildInvoice, invoiceRow, newKey, submitTestCard } from './payment-factories.js';

let s: TestServer;
let token: string;
let other: string;
let finance: string;
let staff: string;
let clientId: string;
let otherClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  ({ clientId } = await idsOf(s, DEMO_USERS.demo.email));
  ({ clientId: otherClient } = await idsOf(s, DEMO_USERS.other.email));
});
afterAll(async () => s?.stop());

const pay = (ids: number[], method: string, key: string = newKey(), t = token) =>
  s.rpc('PayInvoices', { p_invoice_ids: ids, p_method: method, p_idempotency_key: key }, t);
const status = (id: number, t = token) => s.rpc('PaymentStatus', { p_payment_id: id }, t);
const paymentCount = () => scalar(s, `SELECT count(*) FROM payments WHERE client_id = $1`, [clientId]);
const logCount = (action: string, ref: string) =>
  scalar(s, `SELECT count(*) FROM audit_log WHERE action = $1 AND target LIKE $2`, [action, `${ref} %`]);

describe('paying an invoice by test card', () => {
  it('answers a double submit (same key, at once) with one payment and one provider page', async () => {
    const inv = await buildInvoice(s, clientId);
    const before = await paymentCount();
    const key = newKey();
    const [a, b] = await Promise.all([pay([inv.id], 'card', key), pay([inv.id], 'card', key)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({
      status: 'pending',
      amount_cents: inv.totalCents,
      redirect_url: expect.stringMatching(/^\/svc\/test-card\/[\w-]{43}$/),
    });
    expect(a.body.reference).toMatch(/^PS-\d+-\d{2}$/);
    expect(await paymentCount()).toBe(before + 1);
    expect((await pay([inv.id], 'card', key)).body).toEqual(a.body);
  });

  it('is paid through the hosted page, and a replayed return or status poll applies it once', async () => {
    const inv = await buildInvoice(s, clientId, { totalCents: 4599 });
    const balance = await balanceOf(s, clientId);
    const started = (await pay([inv.id], 'card')).body;
    const page = await fetch(s.url + started.redirect_url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('€45.99');
    expect(html).toContain(inv.number);
    const done = await submitTestCard(s, started.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    expect(done).toMatchObject({ status: 303, location: `/payment-return/invoices?payment=${started.payment_id}` });
    // The query string is never trusted: the status comes from the provider through the driver.
    const polls = await Promise.all([status(started.payment_id), status(started.payment_id), status(started.payment_id)]);
    for (const p of polls)
      expect(p.body).toMatchObject({
        status: 'succeeded',
        purpose: 'invoices',
        method: 'card',
        invoice_ids: [inv.id],
        failure_code: null,
      });
    expect(polls[0].body.redirect_url).toBeUndefined();
    const replay = await submitTestCard(s, started.redirect_url, { card: '4242424242424242', action: 'pay' });
    expect(replay.status).toBe(409);
    expect(replay.html).toContain('This payment has ended already.');
    await status(started.payment_id);
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'paid', paid_cents: 4599, paid_at: expect.anything() });
    expect(await balanceOf(s, clientId)).toBe(balance);
    expect(await logCount('PaymentReceived', started.reference)).toBe(1);
    expectErrorShape(await pay([inv.id], 'card'), 409, 'INVOICE_NOT_OPEN');
  });

  it('leaves the invoice open with the decline message when the card is declined', async () => {
    const inv = await buildInvoice(s, clientId);
    const started = (await pay([inv.id], 'card')).body;
    const done = await submitTestCard(s, started.redirect_url, { card: '4000000000000002', action: 'pay' });
    expect(done.status).toBe(303);
    const st = (await status(started.payment_id)).body;
    expect(st).toMatchObject({ status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined' });
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'open', paid_cents: 0, paid_at: null });
    expect(await logCount('PaymentFailed', started.reference)).toBe(1);
    // A new attempt (a new key) can pay it.
    const again = (await pay([inv.id], 'card')).body;
    expect(again.payment_id).not.toBe(started.payment_id);
  });

  it('shows the page again for a number that is not a test card, and keeps the payment pending', async () => {
    const inv = await buildInvoice(s, clientId);
    const started = (await pay([inv.id], 'card')).body;
    const wrong = await submitTestCard(s, started.redirect_url, { card: '5555 5555 5555 4444', action: 'pay' });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('This is not one of the test cards below');
    expect(wrong.html).not.toContain('5555');
    expect((await status(started.payment_id)).body.status).toBe('pending');
  });

  it('is cancelled by Cancel on the hosted page; the invoice stays open', async () => {
    const inv = await buildInvoice(s, clientId);
    const started = (await pay([inv.id], 'card')).body;
    expect((await submitTestCard(s, started.redirect_url, { action: 'cancel' })).status).toBe(303);
    expect((await status(started.payment_id)).body).toMatchObject({ status: 'cancelled', failure_code: 'cancelled' });
    expect((await invoiceRow(s, inv.id)).status).toBe('open');
  });
});

describe('bank transfers', () => {
  it('answer the instructions and are paid once when finance marks them received (twice → once)', async () => {
    const inv = await buildInvoice(s, clientId, { totalCents: 7000 });
    const started = (await pay([inv.id], 'bank_transfer')).body;
    expect(started).toMatchObject({
      status: 'pending',
      bank: {
        iban: s.config.payments.bank.iban,
        bic: s.config.payments.bank.bic,
        beneficiary: s.config.payments.bank.beneficiary,
        reference: started.reference,
        amount_cents: 7000,
      },
    });
    expect((await status(started.payment_id)).body.status).toBe('pending');
    expectErrorShape(await s.rpc('MarkBankTransferReceived', { p_reference: started.reference }, token), 403, 'ROLE_REQUIRED');
    const first = await s.rpc('MarkBankTransferReceived', { p_reference: started.reference.toLowerCase() }, finance);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await s.rpc('MarkBankTransferReceived', { p_reference: started.reference }, staff);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ status: 'succeeded', payment_id: started.payment_id });
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'paid', paid_cents: 7000 });
    expect(await logCount('PaymentReceived', started.reference)).toBe(1);
    expect((await status(started.payment_id)).body.status).toBe('succeeded');
  });

  it('refuses a reference with wrong check digits (400), an unknown one (404) and a card payment’s (409)', async () => {
    const inv = await buildInvoice(s, clientId);
    const card = (await pay([inv.id], 'card')).body;
    expect(
      detailLines(
        await s.rpc(
          'MarkBankTransferReceived',
          { p_reference: card.reference.replace(/\d\d$/, (d: string) => String((Number(d) + 1) % 100).padStart(2, '0')) },
          finance,
        ),
      ),
    ).toEqual(['p_reference: payment_reference_invalid']);
    expectErrorShape(
      await s.rpc(
        'MarkBankTransferReceived',
        { p_reference: 'PS-999999-' + String(98 - ((999999 * 100) % 97)).padStart(2, '0') },
        finance,
      ),
      404,
      'NotFound',
    );
    expectErrorShape(await s.rpc('MarkBankTransferReceived', { p_reference: card.reference }, finance), 409, 'PAYMENT_STATE');
  });

  it('lists pending transfers to finance only', async () => {
    const inv = await buildInvoice(s, clientId);
    const started = (await pay([inv.id], 'bank_transfer')).body;
    const list = await s.get(`PendingBankTransfers?reference=eq.${started.reference}`, finance);
    expect(list.body).toEqual([
      expect.objectContaining({ id: started.payment_id, amount_cents: inv.totalCents, client: clientId }),
    ]);
    expectErrorShape(await s.get('PendingBankTransfers', token), 403, 'ROLE_REQUIRED');
  });
});

describe('the credit balance', () => {
  it('pays two invoices in one payment at once and takes the sum off the balance', async () => {
    const a = await buildInvoice(s, otherClient, { totalCents: 1230 });
    const b = await buildInvoice(s, otherClient, { totalCents: 2000 });
    await addCredit(s, otherClient, 5000);
    const before = await balanceOf(s, otherClient);
    const r = await pay([a.id, b.id], 'balance', newKey(), other);
    expect(r.body).toMatchObject({ status: 'succeeded', amount_cents: 3230 });
    expect(r.body.redirect_url).toBeUndefined();
    expect((await invoiceRow(s, a.id)).status).toBe('paid');
    expect((await invoiceRow(s, b.id)).status).toBe('paid');
    expect(await balanceOf(s, otherClient)).toBe(before - 3230);
    expect(
      await scalar(s, `SELECT count(*) FROM balance_entries WHERE payment_id = $1 AND amount_cents < 0`, [r.body.payment_id]),
    ).toBe(2);
  });

  it('refuses a payment the balance does not cover with 422 and changes nothing', async () => {
    const a = await buildInvoice(s, otherClient, { totalCents: 900_000 });
    const before = { balance: await balanceOf(s, otherClient), payments: await scalar(s, `SELECT count(*) FROM payments`) };
    expectErrorShape(await pay([a.id], 'balance', newKey(), other), 422, 'BALANCE_INSUFFICIENT');
    expect(await balanceOf(s, otherClient)).toBe(before.balance);
    expect(await scalar(s, `SELECT count(*) FROM payments`)).toBe(before.payments);
    expect(await invoiceRow(s, a.id)).toMatchObject({ status: 'open', paid_cents: 0 });
  });

  it('takes deposits by card (applied once) and refuses amounts outside 5 € – 10 000 €', async () => {
    const before = await balanceOf(s, clientId);
    const key = newKey();
    const started = (await s.rpc('Deposit', { p_amount_cents: 2500, p_method: 'card', p_idempotency_key: key }, token)).body;
    expect(started).toMatchObject({ status: 'pending', amount_cents: 2500 });
    const done = await submitTestCard(s, started.redirect_url, { card: '4242424242424242', action: 'pay' });
    expect(done.location).toBe(`/payment-return/deposit?payment=${started.payment_id}`);
    await Promise.all([status(started.payment_id), status(started.payment_id)]);
    expect((await s.rpc('Deposit', { p_amount_cents: 2500, p_method: 'card', p_idempotency_key: key }, token)).body.status).toBe(
      'succeeded',
    );
    expect(await balanceOf(s, clientId)).toBe(before + 2500);
    for (const amount of [499, 1_000_001, 12.5, '2500']) {
      expect(
        detailLines(await s.rpc('Deposit', { p_amount_cents: amount, p_method: 'card', p_idempotency_key: newKey() }, token)),
      ).toEqual(['p_amount_cents: deposit_amount_invalid']);
    }
    expect(
      detailLines(await s.rpc('Deposit', { p_amount_cents: 900, p_method: 'balance', p_idempotency_key: newKey() }, token)),
    ).toEqual(['p_method: payment_method_invalid']);
  });
});

describe('what a payment may name', () => {
  it('answers 404 for another account’s invoice (alone or among own ones) and creates nothing', async () => {
    const mine = await buildInvoice(s, clientId);
    const theirs = await buildInvoice(s, otherClient);
    const before = await paymentCount();
    expectErrorShape(await pay([theirs.id], 'card'), 404, 'NotFound');
    expectErrorShape(await pay([mine.id, theirs.id], 'bank_transfer'), 404, 'NotFound');
    expect(await paymentCount()).toBe(before);
  });

  it('answers 404 for another account’s payment status', async () => {
    const inv = await buildInvoice(s, clientId);
    const started = (await pay([inv.id], 'card')).body;
    expectErrorShape(await status(started.payment_id, other), 404, 'NotFound');
  });

  it('refuses a key reused for other invoices (409), bad bodies (400) and paid invoices (409)', async () => {
    const a = await buildInvoice(s, clientId);
    const b = await buildInvoice(s, clientId);
    const paid = await buildInvoice(s, clientId, { status: 'paid' });
    const key = newKey();
    expect((await pay([a.id], 'card', key)).status).toBe(200);
    expectErrorShape(await pay([b.id], 'card', key), 409, 'PAYMENT_KEY_REUSED');
    expect(detailLines(await pay([], 'card'))).toEqual(['p_invoice_ids: invoices_empty']);
    expect(
      detailLines(
        await pay(
          Array.from({ length: 21 }, (_, i) => i + 1),
          'card',
        ),
      ),
    ).toEqual(['p_invoice_ids: invoices_too_many']);
    expect(detailLines(await pay([a.id, a.id], 'card'))).toEqual(['p_invoice_ids: invoices_invalid']);
    expect(detailLines(await pay([a.id], 'cash'))).toEqual(['p_method: payment_method_invalid']);
    expect(detailLines(await pay([a.id], 'card', 'short'))).toEqual(['p_idempotency_key: idempotency_key_invalid']);
    expectErrorShape(await pay([paid.id], 'card'), 409, 'INVOICE_NOT_OPEN');
  });
});
