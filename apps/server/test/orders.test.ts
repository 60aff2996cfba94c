/**
 * CreateOrder through real HTTP on real PostgreSQL, with the jobs run in this process: a card order
 * paid on the test card page becomes a RUNNING server and a paid invoice; a double submit, a
 * replayed return and a repeated status poll charge and provision once; the free trial once per
 * account; balance, bank transfer, an unverified account and a bad line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VmOrderLine } from '@portside/contract/schemas/orders';
import { builderOfferId } from '@portside/contract/schemas/orders';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { expectErrorShape, idsOf, newAccount, NO_RATE_LIMIT, scalar } from './factories.js';
import { addCredit, balanceOf, newKey, submitTestCard } from './payment-factories.js';

let s: TestServer;
let other: string;
let otherClient: string;
let modelId: number;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
  modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
});
afterAll(async () => s?.stop());

let serial = 0;
function line(over: Partial<VmOrderLine['config']> = {}, quantity = 1, location = 'lisbon'): VmOrderLine {
  const config = {
    model_id: modelId,
    image: 'debian-12',
    disk_gb: 30,
    backups: false,
    hostname: `ord${Date.now().toString(36)}${serial++}`,
    project: null,
    ssh_keys: [],
    ...over,
  };
  return { offer_id: builderOfferId(location, config), location, quantity, config };
}
const order = (items: VmOrderLine[], method: string, token = other, key = newKey()) =>
  s.rpc('CreateOrder', { p_idempotency_key: key, p_items: items, p_payment_method: method }, token);
const count = (sql: string, params: unknown[] = []) => scalar(s, sql, params).then(Number);
const vmsOf = (orderId: number) =>
  s.db.owner
    .query(
      `SELECT v.state, v.power_status, v.name FROM order_items i JOIN vms v ON v.provisioned_id = i.provisioned_id WHERE i.order_id = $1 ORDER BY i.position`,
      [orderId],
    )
    .then((r) => r.rows);

describe('CreateOrder by card', () => {
  it('answers at once with the card page; paying there makes a RUNNING server and a paid invoice; replays change nothing', async () => {
    const key = newKey();
    const items = [line()];
    const r = await order(items, 'card', other, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      order_id: expect.any(Number),
      status: 'awaiting_payment',
      payment: { status: 'pending', redirect_url: expect.stringContaining('/svc/test-card/') },
    });
    const orderId = r.body.order_id as number;
    expect(r.body.total_cents).toBeGreaterThan(0);
    const invoice = (await s.db.owner.query(`SELECT status, total_cents, kind FROM invoices WHERE order_id = $1`, [orderId]))
      .rows[0];
    expect(invoice).toEqual({ status: 'open', total_cents: r.body.total_cents, kind: 'order' });

    // A double submit (the same key) is the same order: one order, one invoice, one payment.
    const again = await order(items, 'card', other, key);
    expect(again.body).toEqual(r.body);
    expect(await count(`SELECT count(*) FROM orders WHERE client_id = $1 AND idempotency_key = $2`, [otherClient, key])).toBe(1);
    expect(await count(`SELECT count(*) FROM invoices WHERE order_id = $1`, [orderId])).toBe(1);
    expect(await count(`SELECT count(*) FROM payments WHERE order_id = $1`, [orderId])).toBe(1);

    // Paid on the hosted test card page; the return page asks PaymentStatus.
    const paid = await submitTestCard(s, r.body.payment.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    expect(paid.location).toContain(`/payment-return/${orderId}`);
    const status = await s.rpc('PaymentStatus', { p_payment_id: r.body.payment.payment_id }, other);
    expect(status.body).toMatchObject({ status: 'succeeded', order_id: orderId });
    await s.jobsIdle();
    expect(await vmsOf(orderId)).toEqual([{ state: 'active', power_status: 'RUNNING', name: items[0]!.config.hostname }]);
    expect((await s.db.owner.query(`SELECT status FROM orders WHERE id = $1`, [orderId])).rows[0]).toEqual({
      status: 'completed',
    });
    expect(
      (await s.db.owner.query(`SELECT status, paid_cents = total_cents AS full FROM invoices WHERE order_id = $1`, [orderId]))
        .rows[0],
    ).toEqual({ status: 'paid', full: true });

    // A replayed return and more polls change nothing: still one server, one charge.
    await submitTestCard(s, r.body.payment.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    await s.rpc('PaymentStatus', { p_payment_id: r.body.payment.payment_id }, other);
    await s.jobsIdle();
    expect(
      await count(
        `SELECT count(*) FROM order_items i JOIN vms v ON v.provisioned_id = i.provisioned_id WHERE i.order_id = $1 AND v.state <> 'deleted'`,
        [orderId],
      ),
    ).toBe(1);
    expect(await count(`SELECT count(*) FROM payments WHERE order_id = $1 AND status = 'succeeded'`, [orderId])).toBe(1);
    expect(await count(`SELECT count(*) FROM services WHERE order_id = $1`, [orderId])).toBe(1);
    // The order names every step in the account's log.
    expect(
      await count(`SELECT count(*) FROM audit_log WHERE client_id = $1 AND action = 'CreateOrder'`, [otherClient]),
    ).toBeGreaterThanOrEqual(2);
  });

  it('makes one order of two simultaneous submits with one key', async () => {
    const key = newKey();
    const items = [line()];
    const [a, b] = await Promise.all([order(items, 'card', other, key), order(items, 'card', other, key)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.order_id).toBe(b.body.order_id);
    expect(await count(`SELECT count(*) FROM orders WHERE idempotency_key = $1`, [key])).toBe(1);
  });

  it('leaves the order waiting with the decline message when the card is declined; nothing is provisioned', async () => {
    const r = await order([line()], 'card');
    const declined = await submitTestCard(s, r.body.payment.redirect_url, { card: '4000 0000 0000 0002', action: 'pay' });
    expect(declined.location).toContain(`/payment-return/${r.body.order_id}`);
    const status = await s.rpc('PaymentStatus', { p_payment_id: r.body.payment.payment_id }, other);
    expect(status.body).toMatchObject({ status: 'failed', failure_message: expect.any(String) });
    await s.jobsIdle();
    expect((await s.db.owner.query(`SELECT status FROM orders WHERE id = $1`, [r.body.order_id])).rows[0]).toEqual({
      status: 'awaiting_payment',
    });
    expect(await vmsOf(r.body.order_id)).toEqual([]);
    expect((await s.db.owner.query(`SELECT status FROM invoices WHERE order_id = $1`, [r.body.order_id])).rows[0]).toEqual({
      status: 'open',
    });
  });
});

describe('CreateOrder from the balance and by bank transfer', () => {
  it('refuses a balance that does not cover the order and creates nothing; with credit it provisions at once', async () => {
    const before = await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [otherClient]);
    const balance = await balanceOf(s, otherClient);
    const poor = await order([line()], 'balance');
    expect(poor.status).toBe(422);
    expect(await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [otherClient])).toBe(before);
    await addCredit(s, otherClient, 100_000);
    const r = await order([line({}, 2)], 'balance');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'provisioning', payment: { status: 'succeeded' } });
    await s.jobsIdle();
    const vms = await vmsOf(r.body.order_id);
    expect(vms.map((v) => v.power_status)).toEqual(['RUNNING', 'RUNNING']);
    expect(vms[0]!.name).toMatch(/-1$/);
    expect(vms[1]!.name).toMatch(/-2$/);
    expect(await balanceOf(s, otherClient)).toBe(balance + 100_000 - r.body.total_cents);
  });

  it('waits for a bank transfer until finance marks it received, then provisions', async () => {
    const r = await order([line()], 'bank_transfer');
    expect(r.body).toMatchObject({
      status: 'awaiting_payment',
      payment: { bank: { reference: expect.any(String), amount_cents: r.body.total_cents } },
    });
    await s.jobsIdle();
    expect(await vmsOf(r.body.order_id)).toEqual([]);
    const finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    const marked = await s.rpc('MarkBankTransferReceived', { p_reference: r.body.payment.bank.reference }, finance);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    await s.jobsIdle();
    expect((await vmsOf(r.body.order_id)).map((v) => v.power_status)).toEqual(['RUNNING']);
  });
});

describe('the free trial', () => {
  it('gives one server once per account, with nothing to pay; the second try is refused', async () => {
    const a = await newAccount(s);
    await s.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [a.clientId]);
    const multi = await order([line({}, 2)], 'trial', a.token);
    expectErrorShape(multi, 422, 'TRIAL_ONE_SERVER');
    const r = await order([line()], 'trial', a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'provisioning', total_cents: 0, payment: null });
    expect(await count(`SELECT count(*) FROM invoices WHERE order_id = $1`, [r.body.order_id])).toBe(0);
    await s.jobsIdle();
    expect((await vmsOf(r.body.order_id)).map((v) => v.power_status)).toEqual(['RUNNING']);
    expectErrorShape(await order([line()], 'trial', a.token), 422, 'TRIAL_USED');
  });
});

describe('refusals', () => {
  it('sends an unverified account to verification and creates nothing', async () => {
    const a = await newAccount(s);
    expectErrorShape(await order([line()], 'card', a.token), 422, 'VERIFICATION_REQUIRED');
    expect(await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [a.clientId])).toBe(0);
  });

  it('names the cart line of a bad configuration and creates nothing', async () => {
    const before = await count(`SELECT count(*) FROM orders`);
    const r = await order([line(), line({ disk_gb: 2 })], 'card');
    expectErrorShape(r, 422, 'DISK_BELOW_MINIMUM');
    expect(r.body.details).toContain('p_items.1.config.disk_gb');
    const bad = await order([line({ hostname: 'bad_name' })], 'card');
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toContain('p_items.0.config.hostname: hostname_invalid');
    expect(await count(`SELECT count(*) FROM orders`)).toBe(before);
  });
});

describe('the offer a line names', () => {
  const withOffer = (offerId: string): VmOrderLine => ({ ...line(), offer_id: offerId });

  it('refuses an unknown offer, another location’s offer and an id made of HTML or SQL, naming the line, and creates no order or invoice', async () => {
    const before = { orders: await count(`SELECT count(*) FROM orders`), invoices: await count(`SELECT count(*) FROM invoices`) };
    const here = line();
    const bad = [
      'vm-999-nowhere',
      `vm-${modelId}-frankfurt`,
      // The builder's id of this very configuration, but in Frankfurt.
      builderOfferId('frankfurt', here.config),
      `vm-${modelId + 1}-lisbon`,
      '<img src=x onerror=alert(1)>',
      `vm-${modelId}-lisbon' OR '1'='1`,
    ];
    for (const offerId of bad) {
      const r = await order([line(), { ...here, offer_id: offerId }], 'card');
      expectErrorShape(r, 422, 'ORDER_OFFER_UNKNOWN');
      expect(r.body.details, offerId).toBe('p_items.1.offer_id: order_offer_unknown');
      expect(JSON.stringify(r.body)).not.toContain('onerror');
    }
    expect({
      orders: await count(`SELECT count(*) FROM orders`),
      invoices: await count(`SELECT count(*) FROM invoices`),
    }).toEqual(before);
  });

  it('orders a current offer of the catalogue (VmsOffers) and the builder’s line, each storing the offer it named', async () => {
    const offers = (await s.get(`VmsOffers?model_id=eq.${modelId}&location=eq.lisbon`)).body as Array<{ offer_id: string }>;
    expect(offers).toHaveLength(1);
    const catalogue = withOffer(offers[0]!.offer_id);
    const built = line();
    const r = await order([catalogue, built], 'card');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = await s.db.owner.query(`SELECT offer_id FROM order_items WHERE order_id = $1 ORDER BY position`, [
      r.body.order_id,
    ]);
    expect(stored.rows.map((x) => x.offer_id)).toEqual([offers[0]!.offer_id, built.offer_id]);
    expect(await count(`SELECT count(*) FROM invoices WHERE order_id = $1`, [r.body.order_id])).toBe(1);
  });
});
