/**
 * The billing country and the VAT (issue 9 §4): the `countries` table is the contract's list,
 * migration 0021 normalises existing countries without guessing, invoice_vat() refuses a country
 * that is not a known code instead of answering 0% 'outside-eu', and an account with such a
 * country can neither order, nor pay an order, nor get a quote — and nothing changes — until its
 * billing address is corrected. A valid country outside the EU still pays 0%, Portugal 23%.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EU_COUNTRIES } from '@portside/contract/rules/countries';
import { builderOfferId, type VmOrderLine } from '@portside/contract/schemas/orders';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { createBillingClient } from './billing-factories.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount, scalar } from './factories.js';
import { newKey } from './payment-factories.js';

let s: TestServer;
let modelId: number;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
});
afterAll(async () => s?.stop());

const count = (sql: string, params: unknown[] = []) => scalar(s, sql, params).then(Number);
const vatOf = (clientId: string) =>
  s.db.owner.query(`SELECT percent::float AS percent, note FROM invoice_vat($1, 'PT')`, [clientId]).then((r) => r.rows[0]);
const setCountry = (clientId: string, country: string) =>
  s.db.owner.query(`UPDATE clients SET country = $2 WHERE id = $1`, [clientId, country]);

let serial = 0;
function line(): VmOrderLine {
  const config = {
    model_id: modelId,
    image: 'debian-12',
    disk_gb: 30,
    backups: false,
    hostname: `vat${Date.now().toString(36)}${serial++}`,
    project: null,
    ssh_keys: [],
  };
  return { offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config };
}
const order = (token: string) =>
  s.rpc('CreateOrder', { p_idempotency_key: newKey(), p_items: [line()], p_payment_method: 'card' }, token);
const quote = (token: string) => {
  const { location, quantity, config } = line();
  return s.rpc('OrderQuote', { p_location: location, p_quantity: quantity, p_config: config }, token);
};

/** A verified account (registered in Portugal) ready to order. */
async function verifiedAccount() {
  const a = await newAccount(s);
  await s.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [a.clientId]);
  return a;
}

/** What an account has that an order or a payment would have written. */
const footprint = async (clientId: string) => ({
  orders: await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [clientId]),
  invoices: await count(`SELECT count(*) FROM invoices WHERE client_id = $1`, [clientId]),
  payments: await count(`SELECT count(*) FROM payments WHERE client_id = $1`, [clientId]),
});

describe('the countries table (migration 0021)', () => {
  it('holds exactly the contract’s country list with the EU member states marked, each of them with a VAT rate', async () => {
    const rows = (await s.db.owner.query<{ code: string; eu: boolean }>(`SELECT code, eu FROM countries ORDER BY code`)).rows;
    expect(rows).toEqual(COUNTRY_CODES.map((code) => ({ code, eu: EU_COUNTRIES.has(code) })));
    const rates = (await s.db.owner.query<{ country_code: string }>(`SELECT country_code FROM vat_rates ORDER BY country_code`))
      .rows;
    expect(rates.map((r) => r.country_code)).toEqual([...EU_COUNTRIES].sort());
  });

  it('upper-cases and trims the existing billing countries it knows, and leaves the others as they were', async () => {
    const sql = await fs.readFile(path.join(import.meta.dirname, '../src/db/migrations/0021_billing_country.sql'), 'utf8');
    const [up, down] = sql.split('-- Down Migration');
    await s.db.owner.query(down!);
    const written = ['pt ', ' de', 'Fr', 'Narnia', 'XX', 'Portugal', 'US'];
    const ids = [];
    for (const country of written) ids.push(await createBillingClient(s.db, { country }));
    await s.db.owner.query(up!.replace('-- Up Migration', ''));
    const after = await s.db.owner.query<{ id: string; country: string }>(
      `SELECT id, country FROM clients WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(after.rows.map((r) => [r.id, r.country]));
    expect(ids.map((id) => byId.get(id))).toEqual(['PT', 'DE', 'FR', 'Narnia', 'XX', 'Portugal', 'US']);
  });
});

describe('invoice_vat', () => {
  it('answers the rate in the EU, 0% outside it, and refuses a country that is not a known code', async () => {
    expect(await vatOf(await createBillingClient(s.db, { country: 'PT' }))).toEqual({ percent: 23, note: null });
    expect(await vatOf(await createBillingClient(s.db, { country: 'US' }))).toEqual({ percent: 0, note: 'outside-eu' });
    expect(await vatOf(await createBillingClient(s.db, { country: 'CH' }))).toEqual({ percent: 0, note: 'outside-eu' });
    expect(await vatOf(await createBillingClient(s.db, { country: 'DE', vatNumber: 'DE811907980' }))).toEqual({
      percent: 0,
      note: 'reverse-charge',
    });
    for (const garbage of ['Narnia', 'XX', 'pt', 'PT ', '']) {
      const id = await createBillingClient(s.db, { country: garbage });
      await expect(vatOf(id), garbage).rejects.toMatchObject({ code: 'PSB01' });
    }
  });
});

describe('an account whose billing country is not a known code', () => {
  it('cannot order or get a quote: 422 BILLING_ADDRESS_INVALID, no order, invoice or payment; corrected, it orders with VAT again', async () => {
    const a = await verifiedAccount();
    await setCountry(a.clientId, 'Narnia');
    const before = await footprint(a.clientId);
    const r = await order(a.token);
    expectErrorShape(r, 422, 'BILLING_ADDRESS_INVALID');
    expect(r.body).toMatchObject({
      message: 'Your billing address is incomplete or invalid',
      hint: 'Correct the country in Settings \u2192 Billing address',
    });
    expectErrorShape(
      await s.rpc('CreateOrder', { p_idempotency_key: newKey(), p_items: [line()], p_payment_method: 'trial' }, a.token),
      422,
      'BILLING_ADDRESS_INVALID',
    );
    expectErrorShape(await quote(a.token), 422, 'BILLING_ADDRESS_INVALID');
    expect(await footprint(a.clientId)).toEqual(before);

    await setCountry(a.clientId, 'PT');
    const ok = await order(a.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const inv = (
      await s.db.owner.query(`SELECT vat_percent::float AS percent, vat_note FROM invoices WHERE order_id = $1`, [
        ok.body.order_id,
      ])
    ).rows[0];
    expect(inv).toEqual({ percent: 23, vat_note: null });
  });

  it('cannot pay an order that awaits payment, and nothing changes; corrected, it pays', async () => {
    const a = await verifiedAccount();
    const placed = await order(a.token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await setCountry(a.clientId, 'XX');
    const before = await footprint(a.clientId);
    const pay = () =>
      s.rpc('PayOrder', { p_order_id: placed.body.order_id, p_method: 'bank_transfer', p_idempotency_key: newKey() }, a.token);
    expectErrorShape(await pay(), 422, 'BILLING_ADDRESS_INVALID');
    expect(await footprint(a.clientId)).toEqual(before);
    await setCountry(a.clientId, 'PT');
    expect((await pay()).status).toBe(200);
  });
});

describe('VAT by a valid billing country', () => {
  it('charges no VAT outside the EU (outside-eu) and 23% in Portugal (the demo account too), in the quote, the order and its invoice', async () => {
    const us = await verifiedAccount();
    const moved = await s.rpc(
      'ProfileUpdateBillingAddress',
      {
        p_address: '1600 Amphitheatre Pkwy',
        p_city: 'Mountain View',
        p_country: 'us',
        p_state: 'CA',
        p_postcode: '94043',
        p_phone_prefix: '1',
        p_phone_number: '650 253 0000',
        p_vat_number: '12-3456789',
      },
      us.token,
    );
    expect(moved.body).toEqual({ success: true });
    expect((await quote(us.token)).body).toMatchObject({ vat_percent: 0, vat_note: 'outside-eu' });
    const usOrder = await order(us.token);
    const usInvoice = (
      await s.db.owner.query(
        `SELECT vat_percent::float AS p, vat_note, vat_cents, bill_to->>'country' AS country FROM invoices WHERE order_id = $1`,
        [usOrder.body.order_id],
      )
    ).rows[0];
    expect(usInvoice).toEqual({ p: 0, vat_note: 'outside-eu', vat_cents: 0, country: 'US' });

    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect((await quote(demo)).body).toMatchObject({ vat_percent: 23, vat_note: null });
    const pt = await verifiedAccount();
    expect((await quote(pt.token)).body).toMatchObject({ vat_percent: 23, vat_note: null });
    const ptOrder = await order(pt.token);
    const ptInvoice = (
      await s.db.owner.query(`SELECT vat_percent::float AS p, subtotal_cents, vat_cents FROM invoices WHERE order_id = $1`, [
        ptOrder.body.order_id,
      ])
    ).rows[0];
    expect(ptInvoice.p).toBe(23);
    expect(ptInvoice.vat_cents).toBe(Math.round(ptInvoice.subtotal_cents * 0.23));
  });
});
