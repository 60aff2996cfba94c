/**
 * A sub-user holds what its claims say and nothing more (docs/access.md): with only
 * menu-see-cloud-servers it reaches neither the account's invoices, PDFs, balance and deposits,
 * nor payments, orders or vouchers, while its cloud servers' projects and SSH keys are its to
 * manage (never the default project, never another account's keys). billing-manage opens billing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderOfferId } from '@portside/contract/schemas/orders';
import { TEST_KEYS } from '@portside/contract/rules/ssh-key.fixtures';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, scalar } from './factories.js';
import { buildInvoice, newKey } from './payment-factories.js';
import { defaultProjectOf, keysOf } from './project-factories.js';

let s: TestServer;
let owner: string;
let cloudOnly: string;
let demoClient: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  owner = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  // The seeded sub-user holds only menu-see-cloud-servers.
  cloudOnly = await s.login(DEMO_USERS.sub.email, DEMO_USERS.sub.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

const count = (sql: string, params: unknown[] = []) => scalar(s, sql, params).then(Number);

/** One of the demo account's seeded invoices (a real one, with its billing details for the PDF). */
async function seededInvoice(): Promise<{ id: number }> {
  return (await s.get('MyInvoices?order=id.asc&limit=1', owner)).body[0];
}

async function orderBody() {
  const modelId = await count(`SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`);
  const config = {
    model_id: modelId,
    image: 'debian-12',
    disk_gb: 30,
    backups: false,
    hostname: `sub${Date.now().toString(36)}`,
    project: null,
    ssh_keys: [],
  };
  return {
    p_idempotency_key: newKey(),
    p_items: [{ offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config }],
    p_payment_method: 'bank_transfer',
  };
}

describe('a sub-user holding only menu-see-cloud-servers', () => {
  it('reads no invoices, invoice PDFs, balance or deposits of the account (403 CLAIM_REQUIRED billing-manage)', async () => {
    const invoice = await seededInvoice();
    for (const r of [
      await s.get('MyInvoices', cloudOnly),
      await s.get('MyBalance', cloudOnly),
      await s.get('MyDeposits', cloudOnly),
      await s.get('MyOrders', cloudOnly),
      await s.call('GET', `/api/InvoicePdf/${invoice.id}`, { token: cloudOnly }),
    ]) {
      expectErrorShape(r, 403, 'CLAIM_REQUIRED');
      expect(r.body.details).toBe('billing-manage');
    }
    // The owner reads the same invoice: the refusal is the claim, not a missing row.
    expect((await s.call('GET', `/api/InvoicePdf/${invoice.id}`, { token: owner })).status).toBe(200);
  });

  it('starts no payment of the owner’s invoices, no deposit, no order and redeems no voucher; nothing is written', async () => {
    const invoice = await buildInvoice(s, demoClient);
    const payments = () => count(`SELECT count(*) FROM payments WHERE client_id = $1`, [demoClient]);
    const orders = () => count(`SELECT count(*) FROM orders WHERE client_id = $1`, [demoClient]);
    const before = { payments: await payments(), orders: await orders() };
    const refused = [
      await s.rpc(
        'PayInvoices',
        { p_invoice_ids: [invoice.id], p_method: 'bank_transfer', p_idempotency_key: newKey() },
        cloudOnly,
      ),
      await s.rpc('Deposit', { p_amount_cents: 2500, p_method: 'bank_transfer', p_idempotency_key: newKey() }, cloudOnly),
      await s.rpc('CreateOrder', await orderBody(), cloudOnly),
      await s.rpc('ProfileUpdateVoucher', { p_voucher: 'SPRING25' }, cloudOnly),
    ];
    for (const r of refused) expectErrorShape(r, 403, 'CLAIM_REQUIRED');
    expect({ payments: await payments(), orders: await orders() }).toEqual(before);
    expect(await count(`SELECT count(*) FROM clients WHERE id = $1 AND voucher_code = 'SPRING25'`, [demoClient])).toBe(0);
  });

  it('manages the account’s SSH keys and projects, but never deletes the default project nor another account’s keys', async () => {
    const keys = await keysOf(s, cloudOnly);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map((k) => k.id)).toEqual((await keysOf(s, owner)).map((k) => k.id));
    expectErrorShape(
      await s.rpc('DeleteMyProject', { p_project: await defaultProjectOf(s, cloudOnly) }, cloudOnly),
      409,
      'PROJECT_IS_DEFAULT',
    );
    const other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    const uploaded = await s.rpc('UploadSSHKeys', { p_keys: TEST_KEYS.rsa3072.line }, other);
    const otherKey = uploaded.body.keys[0].id as number;
    expectErrorShape(await s.rpc('DeleteSSHKeys', { p_ids: [otherKey] }, cloudOnly), 404, 'NotFound');
    expect(await count(`SELECT count(*) FROM ssh_keys WHERE id = $1`, [otherKey])).toBe(1);
    // Its own account's key goes.
    const own = (await s.rpc('UploadSSHKeys', { p_keys: TEST_KEYS.ecdsa256.line }, cloudOnly)).body.keys[0].id as number;
    expect((await s.rpc('DeleteSSHKeys', { p_ids: [own] }, cloudOnly)).body).toEqual({ success: true, deleted: 1 });
  });
});

describe('a sub-user without menu-see-cloud-servers', () => {
  it('neither reads nor deletes the account’s SSH keys and projects', async () => {
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-users'] });
    const token = await s.login(sub.email, sub.password);
    const keyIds = (await keysOf(s, owner)).map((k) => k.id);
    for (const r of [
      await s.get('MySSHKeys', token),
      await s.get('MyProjects', token),
      await s.rpc('DeleteSSHKeys', { p_ids: keyIds }, token),
    ]) {
      expectErrorShape(r, 403, 'CLAIM_REQUIRED');
      expect(r.body.details).toBe('menu-see-cloud-servers');
    }
    expect((await keysOf(s, owner)).map((k) => k.id)).toEqual(keyIds);
  });
});

describe('a sub-user holding billing-manage', () => {
  it('reads the account’s invoices and pays them, like the owner', async () => {
    const sub = await createSubUser(s, demoClient, { claims: ['billing-manage'] });
    const token = await s.login(sub.email, sub.password);
    const invoice = await buildInvoice(s, demoClient);
    expect((await s.get('MyInvoices', token)).body.map((i: { id: number }) => i.id)).toContain(invoice.id);
    expect((await s.call('GET', `/api/InvoicePdf/${(await seededInvoice()).id}`, { token })).status).toBe(200);
    const paid = await s.rpc(
      'PayInvoices',
      { p_invoice_ids: [invoice.id], p_method: 'bank_transfer', p_idempotency_key: newKey() },
      token,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expectErrorShape(await s.get('MySSHKeys', token), 403, 'CLAIM_REQUIRED');
  });
});
