/**
 * Offers and the server builder (issue 5; spec 2 §7): the public offers, locations and products
 * lists answer without a token; the builder's reads filter like PostgREST; OrderQuote prices a
 * line with vm_cost_breakdown (voucher on the base cost only, backups +20% of the list price,
 * Frankfurt dearer, prorated to the month end, VAT) and refuses what cannot be ordered — a disk
 * below the minimum, Windows on a vCore, another account's project or SSH key — changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer, type Json } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, idsOf, newAccount, scalar } from './factories.js';
import { validateOrderLine } from '../src/modules/offers/order-line.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;
let model: { id: number; price: number; disk: number };
let winModel: number;
let demoKey: number;
let demoProject: number;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
  const m = await s.db.owner.query(
    `SELECT m.id, vp.monthly_price_cents AS price, m.disk_gb AS disk FROM vm_models m
       JOIN vm_prices vp ON vp.model_id = m.id AND vp.location_id = 'lisbon' WHERE m.code = 'S4R16' AND m.core_type = 'vcore'`,
  );
  model = m.rows[0];
  winModel = await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'dedicated-windows'`);
  demoKey = await scalar(s, `SELECT id FROM ssh_keys WHERE client_id = $1 LIMIT 1`, [demoClient]);
  demoProject = await scalar(s, `SELECT id FROM projects WHERE client_id = $1 AND NOT is_default LIMIT 1`, [demoClient]);
});
afterAll(async () => s?.stop());

const config = (over: Record<string, unknown> = {}) => ({
  model_id: model.id,
  image: 'debian-12',
  disk_gb: model.disk,
  backups: false,
  hostname: 'web.example.com',
  project: null,
  ssh_keys: [],
  ...over,
});
const quote = (token: string, over: Record<string, unknown> = {}, location = 'lisbon', quantity = 1) =>
  s.rpc('OrderQuote', { p_location: location, p_quantity: quantity, p_config: config(over) }, token);

/** Today's share of a month, as prorate_cents computes it (UTC). */
function prorated(monthly: number): { cents: number; days: number; monthDays: number } {
  const now = new Date();
  const monthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const days = monthDays - now.getUTCDate() + 1;
  return { cents: Math.round((monthly * days) / monthDays), days, monthDays };
}

describe('public offers', () => {
  it('answers locations, offers, filters and products without a token', async () => {
    const locations = (await s.get('HostingLocations')).body;
    expect(locations.map((l: Json) => [l.id, l.name, l.country, l.electricity_warning])).toEqual([
      ['lisbon', 'Lisbon', 'Portugal', false],
      ['frankfurt', 'Frankfurt', 'Germany', true],
    ]);
    const offers = await s.get('VmsOffers?model=eq.S4R16&core_type=eq.vcore&order=location.asc');
    expect(offers.status).toBe(200);
    const [fra, lis] = offers.body;
    expect(lis).toMatchObject({
      model: 'S4R16',
      cores: 4,
      ram_gb: 16,
      location: 'lisbon',
      monthly_price_cents: model.price,
      core_type_name: 'vCore — shared',
    });
    expect(fra.monthly_price_cents).toBe(Math.round(model.price * 1.15));
    const filters = (await s.get('FilterOffers')).body[0];
    expect(filters.core_types.map((c: Json) => c.code)).toEqual(['dedicated-windows', 'dedicated-performance', 'vcore']);
    expect(filters.locations).toHaveLength(2);
    expect(filters.cores_min).toBe(1);
    const servers = (await s.get('ServerOffers?location=eq.lisbon')).body;
    expect(servers.length).toBeGreaterThanOrEqual(3);
    expect(servers[0]).toMatchObject({
      cpu: expect.any(String),
      ram_gb: expect.any(Number),
      disks: expect.any(String),
      location: 'lisbon',
    });
    const products = (await s.get('Products')).body;
    expect(products[0].locations).toEqual(['frankfurt', 'lisbon']);
    expect(products[0].from_price_cents).toBe(servers[0].monthly_price_cents);
    const vms = (await s.get('ProductsVms?model=eq.S4R16&core_type=eq.vcore')).body;
    expect(vms).toEqual([
      expect.objectContaining({ cores: 4, ram_gb: 16, from_price_cents: model.price, locations: ['frankfurt', 'lisbon'] }),
    ]);
  });

  it('keeps the builder reads and OrderQuote private', async () => {
    for (const view of [
      'NewOrderGetModels',
      'NewOrderGetSystems',
      'GetVMPrices',
      'MyTrialEligibility',
      'MyOrders',
      'MyOrderItems',
    ]) {
      expectErrorShape(await s.get(view), 401);
    }
    expectErrorShape(await s.rpc('OrderQuote', { p_location: 'lisbon', p_quantity: 1, p_config: config() }), 401);
  });
});

describe('builder reads', () => {
  it('NewOrderGetModels filters by location and core type and carries the list price and the voucher', async () => {
    const r = await s.get('NewOrderGetModels?location=eq.frankfurt&core_type=eq.dedicated-performance', demo);
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(9);
    expect(r.body.every((m: Json) => m.location === 'frankfurt' && m.core_type === 'dedicated-performance')).toBe(true);
    expect(r.body[0]).toMatchObject({ discount_percent: 10, core_type_name: 'Dedicated core — high performance' });
    expect((await s.get('NewOrderGetModels?location=eq.frankfurt', other)).body[0].discount_percent).toBe(0);
  });

  it('NewOrderGetSystems lists the active images and GetVMPrices the extras', async () => {
    const images = (await s.get('NewOrderGetSystems', demo)).body;
    expect(images.map((i: Json) => i.id)).toEqual(['debian-12', 'ubuntu-24.04', 'rocky-9', 'windows-2022', 'wireguard']);
    const prices = (await s.get(`GetVMPrices?model_id=eq.${model.id}`, demo)).body;
    expect(prices).toHaveLength(2);
    expect(prices[0]).toMatchObject({ storage_cents_per_gb: 3, backup_percent: 20 });
  });

  it('MyTrialEligibility is true until the account has had a trial', async () => {
    const a = await newAccount(s);
    expect((await s.get('MyTrialEligibility', a.token)).body).toEqual([{ eligible: true }]);
    await s.db.owner.query(
      `INSERT INTO services (client_id, category, description, trial_until) VALUES ($1, 'cloud-server', 'trial', current_date)`,
      [a.clientId],
    );
    expect((await s.get('MyTrialEligibility', a.token)).body).toEqual([{ eligible: false }]);
  });

  it('MyOrders by id and MyOrderItems show the account its own orders only', async () => {
    const o = await s.db.owner.query(
      `INSERT INTO orders (client_id, idempotency_key, payment_method, subtotal_cents, total_cents, monthly_cents)
       VALUES ($1, 'key-12345678', 'card', 1000, 1230, 2000) RETURNING id`,
      [demoClient],
    );
    const id = o.rows[0].id;
    await s.db.owner.query(
      `INSERT INTO order_items (order_id, client_id, position, offer_id, model_id, location_id, image_id, hostname, disk_gb, monthly_cents, first_charge_cents)
       VALUES ($1, $2, 1, 'vm-x', $3, 'lisbon', 'debian-12', 'web', 100, 2000, 1000)`,
      [id, demoClient, model.id],
    );
    const mine = (await s.get(`MyOrders?id=eq.${id}`, demo)).body;
    expect(mine).toEqual([
      expect.objectContaining({ id, status: 'awaiting_payment', payment_method: 'card', total_cents: 1230, item_count: 1 }),
    ]);
    expect((await s.get(`MyOrderItems?order_id=eq.${id}`, demo)).body).toEqual([
      expect.objectContaining({ model: 'S4R16', hostname: 'web' }),
    ]);
    expect((await s.get(`MyOrders?id=eq.${id}`, other)).body).toEqual([]);
    expect((await s.get(`MyOrderItems?order_id=eq.${id}`, other)).body).toEqual([]);
  });
});

describe('OrderQuote', () => {
  it('prices one server: the voucher on the base cost only, backups +20% of the list price, prorated, with VAT', async () => {
    const plain = await quote(demo);
    expect(plain.status).toBe(200);
    const base = Math.round((model.price * 90) / 100);
    expect(plain.body.breakdown).toMatchObject({
      list_price: model.price,
      discount_percent: 10,
      base_cost: base,
      backup_cost: 0,
      total_cost: base,
    });
    expect(plain.body.monthly_cents).toBe(base);
    const p = prorated(base);
    expect(plain.body).toMatchObject({
      first_charge_cents: p.cents,
      days_charged: p.days,
      month_days: p.monthDays,
      vat_percent: 23,
      vat_note: null,
    });

    const withBackups = (await quote(demo, { backups: true })).body;
    expect(withBackups.breakdown.backup_cost).toBe(Math.round(model.price * 0.2));
    expect(withBackups.monthly_cents).toBe(base + Math.round(model.price * 0.2));
  });

  it('charges extra disk at 0.03 € per GB, multiplies by the quantity and makes Frankfurt dearer', async () => {
    const one = (await quote(other, { disk_gb: model.disk + 10 })).body;
    expect(one.breakdown.additional_disk_cost_total).toBe(30);
    expect(one.monthly_cents).toBe(model.price + 30);
    const three = (await quote(other, { disk_gb: model.disk + 10 }, 'lisbon', 3)).body;
    expect(three.monthly_cents).toBe(3 * (model.price + 30));
    expect(three.first_charge_cents).toBe(3 * prorated(model.price + 30).cents);
    const fra = (await quote(other, {}, 'frankfurt')).body;
    expect(fra.breakdown.list_price).toBe(Math.round(model.price * 1.15));
    expect(fra.monthly_cents).toBeGreaterThan(model.price);
  });

  it('refuses a disk below the larger of the model and image minimum with a clear message', async () => {
    const r = await quote(demo, { model_id: winModel, image: 'windows-2022', disk_gb: 39 });
    expectErrorShape(r, 422, 'DISK_BELOW_MINIMUM');
    expect(r.body.message).toBe('The disk is smaller than the model and the system image need');
    expect(r.body.details).toContain('min_disk_gb: 40');
    expect((await quote(demo, { model_id: winModel, image: 'windows-2022', disk_gb: 40 })).status).toBe(200);
    // The model's own disk (100 GB for S4R16) is the minimum of a Linux image.
    expect((await quote(demo, { disk_gb: 90 })).body.details).toContain('min_disk_gb: 100');
    expectErrorShape(await quote(demo, { disk_gb: 1001 }), 400, 'VALIDATION_FAILED');
  });

  it('refuses a Windows image on a vCore, an unknown image, a bad hostname and an unknown model', async () => {
    const win = await quote(demo, { image: 'windows-2022', disk_gb: 100 });
    expectErrorShape(win, 422, 'ORDER_IMAGE_CORE_TYPE');
    expectErrorShape(await quote(demo, { image: 'no-such-os' }), 422, 'ORDER_IMAGE_UNAVAILABLE');
    const host = await quote(demo, { hostname: 'bad_name!' });
    expectErrorShape(host, 400, 'VALIDATION_FAILED');
    expect(host.body.details).toContain('hostname_invalid');
    expectErrorShape(await quote(demo, { model_id: 999999 }), 422, 'ORDER_MODEL_UNAVAILABLE');
    expectErrorShape(await quote(demo, {}, 'paris'), 422, 'ORDER_MODEL_UNAVAILABLE');
  });

  it("accepts the caller's own project and keys and refuses another account's, changing nothing", async () => {
    expect((await quote(demo, { project: demoProject, ssh_keys: [demoKey] })).status).toBe(200);
    const before = await scalar(s, `SELECT count(*) FROM orders`);
    expectErrorShape(await quote(other, { project: demoProject }), 422, 'ORDER_PROJECT_UNKNOWN');
    expectErrorShape(await quote(other, { ssh_keys: [demoKey] }), 422, 'ORDER_SSH_KEY_UNKNOWN');
    expect(await scalar(s, `SELECT count(*) FROM orders`)).toBe(before);
    expect(await scalar(s, `SELECT count(*) FROM audit_log WHERE action = 'OrderQuote'`)).toBe(0);
  });
});

describe('validateOrderLine', () => {
  it('answers what an order item needs inside a tenant transaction: numbered hostnames and the default project', async () => {
    const { userId } = await idsOf(s, DEMO_USERS.demo.email);
    const line = await s.db.run({ kind: 'tenant', clientId: demoClient, userId }, (tx) =>
      validateOrderLine(tx, demoClient, {
        offer_id: `vm-${model.id}-lisbon`,
        location: 'lisbon',
        quantity: 2,
        config: config({ hostname: 'web.example.com', ssh_keys: [demoKey, demoKey] }),
      }),
    );
    const defaultProject = await scalar(s, `SELECT id FROM projects WHERE client_id = $1 AND is_default`, [demoClient]);
    expect(line).toMatchObject({
      offer_id: `vm-${model.id}-lisbon`,
      model_id: model.id,
      location_id: 'lisbon',
      image_id: 'debian-12',
      hostnames: ['web-1.example.com', 'web-2.example.com'],
      project_id: defaultProject,
      ssh_key_ids: [demoKey],
      monthly_cents: Math.round(model.price * 0.9),
      quantity: 2,
    });
  });
});
