/**
 * The payment and service host's payment calls (spec 2 §7): the hashed /pay-invoice link (pay an
 * invoice without logging in, nothing else of the account shown; a wrong or old hash refused),
 * the signed deposit and payment-helper calls, and the order payment CreateOrder starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_LINK_TTL_DAYS, paymentPaths } from '@portside/contract/payments';
import { invoiceReference, paymentReference } from '@portside/contract/rules/payment-reference';
import { startOrderPayment } from '../src/modules/payments/payments.service.js';
import type { Tx } from '../src/db/database.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, idsOf, scalar } from './factories.js';
import {
  addCredit,
  balanceOf,
  buildInvoice,
  invoiceLink,
  invoiceRow,
  newKey,
  signedPaymentPath,
  submitTestCard,
} from './payment-factories.js';

let s: TestServer;
let clientId: string;
let profile: { email: string; client: string; notification_secret: string };

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  ({ clientId } = await idsOf(s, DEMO_USERS.demo.email));
  const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  profile = (await s.get('MyProfile', token)).body[0];
});
afterAll(async () => s?.stop());

const linkPath = (issuer: string, part: string) => paymentPaths.invoice(issuer, part);

describe('the /pay-invoice link', () => {
  it('shows the invoice’s number, dates, amount and status, and nothing else of the account', async () => {
    const inv = await buildInvoice(s, clientId, { totalCents: 3210, paidCents: 210 });
    const link = invoiceLink(s, inv.number);
    expect(link.path).toMatch(new RegExp(`^/pay-invoice/portside/${inv.number}\\.\\d+\\.[0-9a-f]{128}$`));
    const r = await s.call('GET', linkPath(link.issuer, link.part));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      number: inv.number,
      reference: invoiceReference(inv.number),
      issued_on: expect.any(String),
      due_on: expect.any(String),
      status: 'open',
      total_cents: 3210,
      paid_cents: 210,
      open_cents: 3000,
    });
    expect(JSON.stringify(r.body)).not.toContain(clientId);
  });

  it('refuses a wrong hash, another invoice’s hash, another issuer and an old link', async () => {
    const inv = await buildInvoice(s, clientId);
    const next = await buildInvoice(s, clientId);
    const { issuer, part } = invoiceLink(s, inv.number);
    const flipped = part.slice(0, -1) + (part.endsWith('0') ? '1' : '0');
    expectErrorShape(await s.call('GET', linkPath(issuer, flipped)), 403, 'PAY_LINK_INVALID');
    expectErrorShape(await s.call('GET', linkPath(issuer, part.replace(inv.number, next.number))), 403, 'PAY_LINK_INVALID');
    expectErrorShape(await s.call('GET', linkPath('brand', part)), 403, 'PAY_LINK_INVALID');
    expectErrorShape(await s.call('GET', linkPath(issuer, 'PS-2025-000001')), 403, 'PAY_LINK_INVALID');
    const old = invoiceLink(s, inv.number, Date.now() - (PAY_LINK_TTL_DAYS + 1) * 86_400_000);
    expectErrorShape(await s.call('GET', linkPath(old.issuer, old.part)), 403, 'PAY_LINK_EXPIRED');
    expectErrorShape(
      await s.call('POST', linkPath(old.issuer, old.part), { body: { p_method: 'card', p_idempotency_key: newKey() } }),
      403,
      'PAY_LINK_EXPIRED',
    );
  });

  it('pays the invoice by card without logging in, back to the public page, applied once', async () => {
    const inv = await buildInvoice(s, clientId, { totalCents: 1999 });
    const { issuer, part, path } = invoiceLink(s, inv.number);
    const key = newKey();
    const started = (await s.call('POST', linkPath(issuer, part), { body: { p_method: 'card', p_idempotency_key: key } })).body;
    expect(started).toMatchObject({ status: 'pending', amount_cents: 1999, redirect_url: expect.any(String) });
    // The database's reference and the contract's rule agree (check digits).
    expect(started.reference).toBe(paymentReference(started.payment_id));
    expect((await s.call('POST', linkPath(issuer, part), { body: { p_method: 'card', p_idempotency_key: key } })).body).toEqual(
      started,
    );
    const done = await submitTestCard(s, started.redirect_url, { card: '4242424242424242', action: 'pay' });
    expect(done.location).toBe(`${path}?payment=${started.payment_id}`);
    const statusPath = paymentPaths.invoicePayment(issuer, part, started.payment_id);
    const [a, b] = await Promise.all([s.call('GET', statusPath), s.call('GET', statusPath)]);
    expect(a.body).toMatchObject({ status: 'succeeded', payment_id: started.payment_id });
    expect(b.body.status).toBe('succeeded');
    expect(await invoiceRow(s, inv.id)).toMatchObject({ status: 'paid', paid_cents: 1999 });
    expect((await s.call('GET', linkPath(issuer, part))).body).toMatchObject({ status: 'paid', open_cents: 0 });
    expectErrorShape(
      await s.call('POST', linkPath(issuer, part), { body: { p_method: 'card', p_idempotency_key: newKey() } }),
      409,
      'INVOICE_NOT_OPEN',
    );
    // Each call through the link is in the account's log; the payment once.
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE client_id = $1 AND action = 'PayInvoiceLink' AND target LIKE $2`, [
        clientId,
        `${inv.number}%`,
      ]),
    ).toBe(2);
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE client_id = $1 AND action = 'PaymentReceived' AND target LIKE $2`, [
        clientId,
        `${started.reference} %`,
      ]),
    ).toBe(1);
  });

  it('offers bank transfer but not the balance, and shows only payments of its own invoice', async () => {
    const inv = await buildInvoice(s, clientId, { totalCents: 5000 });
    const otherInv = await buildInvoice(s, clientId);
    const { issuer, part } = invoiceLink(s, inv.number);
    const bank = (
      await s.call('POST', linkPath(issuer, part), { body: { p_method: 'bank_transfer', p_idempotency_key: newKey() } })
    ).body;
    expect(bank.bank).toMatchObject({ reference: bank.reference, amount_cents: 5000 });
    expect(
      detailLines(await s.call('POST', linkPath(issuer, part), { body: { p_method: 'balance', p_idempotency_key: newKey() } })),
    ).toEqual(['p_method: payment_method_invalid']);
    const o = invoiceLink(s, otherInv.number);
    const foreign = (
      await s.call('POST', linkPath(o.issuer, o.part), { body: { p_method: 'card', p_idempotency_key: newKey() } })
    ).body;
    expectErrorShape(await s.call('GET', paymentPaths.invoicePayment(issuer, part, foreign.payment_id)), 404, 'NotFound');
    expect((await s.call('GET', paymentPaths.invoicePayment(issuer, part, bank.payment_id))).body.status).toBe('pending');
  });
});

describe('guessing links', () => {
  it('locks out an address after too many wrong links, also for right ones (429)', async () => {
    const limited = await startTestServer({
      rateLimit: { windowSeconds: 900, perIp: 3, perAccount: 100, baseDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      const { clientId: c } = await idsOf(limited, DEMO_USERS.demo.email);
      const inv = await buildInvoice(limited, c);
      const { issuer, part } = invoiceLink(limited, inv.number);
      const wrong = part.slice(0, -2) + (part.endsWith('00') ? '11' : '00');
      for (let i = 0; i < 3; i++) expectErrorShape(await limited.call('GET', linkPath(issuer, wrong)), 403, 'PAY_LINK_INVALID');
      expectErrorShape(await limited.call('GET', linkPath(issuer, part)), 429, 'RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });
});

describe('the signed deposit and payment-helper calls', () => {
  it('answer the card provider’s public value as text (pspHelperValue)', async () => {
    const r = await s.call('POST', await signedPaymentPath('helper', profile));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.body).toBe('test-card');
  });

  it('start a deposit of the signed account; a wrong secret or an old epoch is refused', async () => {
    const r = await s.call('POST', await signedPaymentPath('deposit', profile), {
      body: { p_amount_cents: 1500, p_method: 'bank_transfer', p_idempotency_key: newKey() },
    });
    expect(r.body).toMatchObject({ status: 'pending', amount_cents: 1500, bank: { amount_cents: 1500 } });
    expectErrorShape(
      await s.call('POST', await signedPaymentPath('deposit', profile, { secret: 'x'.repeat(64) }), { body: {} }),
      403,
      'NOTIFICATION_HASH_INVALID',
    );
    expectErrorShape(
      await s.call('POST', await signedPaymentPath('helper', profile, { epoch: Math.floor(Date.now() / 1000) - 3600 })),
      422,
      'NOTIFICATION_EPOCH_STALE',
    );
  });
});

describe('the order payment (startOrderPayment, for CreateOrder)', () => {
  async function order(total: number): Promise<number> {
    const r = await s.db.owner.query(
      `INSERT INTO orders (client_id, idempotency_key, payment_method, subtotal_cents, total_cents, monthly_cents) VALUES ($1, $2, 'balance', $3, $3, $3) RETURNING id`,
      [clientId, newKey(), total],
    );
    return r.rows[0].id;
  }
  const env = () => ({ db: s.db, config: s.config, ip: '127.0.0.1' });
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => s.db.run({ kind: 'tenant', clientId, userId: '' }, fn);

  it('pays an order from the balance once and marks it paid', async () => {
    await addCredit(s, clientId, 10_000);
    const id = await order(4000);
    const before = await balanceOf(s, clientId);
    const key = `order-${id}`;
    const a = await tenant((tx) =>
      startOrderPayment(tx, { clientId, orderId: id, method: 'balance', amountCents: 4000, idempotencyKey: key }, env()),
    );
    const b = await tenant((tx) =>
      startOrderPayment(tx, { clientId, orderId: id, method: 'balance', amountCents: 4000, idempotencyKey: key }, env()),
    );
    expect(b).toEqual(a);
    expect(a.status).toBe('succeeded');
    expect(await balanceOf(s, clientId)).toBe(before - 4000);
    expect((await s.db.owner.query(`SELECT status, paid_at FROM orders WHERE id = $1`, [id])).rows[0]).toMatchObject({
      status: 'provisioning',
      paid_at: expect.anything(),
    });
  });

  it('sends a card payment of an order back to /payment-return/<order id>', async () => {
    const id = await order(2500);
    const a = await tenant((tx) =>
      startOrderPayment(tx, { clientId, orderId: id, method: 'card', amountCents: 2500, idempotencyKey: `order-${id}` }, env()),
    );
    const done = await submitTestCard(s, a.redirect_url!, { card: '4242424242424242', action: 'pay' });
    expect(done.location).toBe(`/payment-return/${id}?payment=${a.payment_id}`);
  });

  it('PayOrder pays it again after a declined card; a paid order or another account’s is refused; a late second payment becomes credit', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    const id = await order(3000);
    const first = (await s.rpc('PayOrder', { p_order_id: id, p_method: 'card', p_idempotency_key: newKey() }, token)).body;
    await submitTestCard(s, first.redirect_url, { card: '4000000000000002', action: 'pay' });
    expect((await s.rpc('PaymentStatus', { p_payment_id: first.payment_id }, token)).body.status).toBe('failed');
    expectErrorShape(
      await s.rpc('PayOrder', { p_order_id: id, p_method: 'card', p_idempotency_key: newKey() }, other),
      404,
      'NotFound',
    );
    const a = (await s.rpc('PayOrder', { p_order_id: id, p_method: 'card', p_idempotency_key: newKey() }, token)).body;
    const b = (await s.rpc('PayOrder', { p_order_id: id, p_method: 'card', p_idempotency_key: newKey() }, token)).body;
    const before = await balanceOf(s, clientId);
    for (const p of [a, b]) {
      await submitTestCard(s, p.redirect_url, { card: '4242424242424242', action: 'pay' });
      expect((await s.rpc('PaymentStatus', { p_payment_id: p.payment_id }, token)).body.status).toBe('succeeded');
    }
    expect((await s.db.owner.query(`SELECT status FROM orders WHERE id = $1`, [id])).rows[0].status).toBe('provisioning');
    expect(await balanceOf(s, clientId)).toBe(before + 3000);
    expectErrorShape(
      await s.rpc('PayOrder', { p_order_id: id, p_method: 'balance', p_idempotency_key: newKey() }, token),
      409,
      'PAYMENT_STATE',
    );
  });
});
