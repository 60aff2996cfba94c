/**
 * The cloud price lists (issue 18, migration 0041): ProductsModels (POST a model, PATCH a
 * location's price from a day or retire it) and VmAddons (PATCH an add-on's price from a day), for
 * staff only, audited, bad input refused with nothing changed; and the readers: the builder
 * (OrderQuote, NewOrderGetModels, VmsOffers, GetVMPrices) and the cost breakdown (MyVMs2) show a
 * price from its day on, monthly invoicing splits a server's line at a change within the month,
 * and a change dated next month leaves this month's invoice as it was.
 *
 * Each test makes its own model, so a model's price changes are its own; the add-ons' changes
 * apply to every server, so those tests come last and bill nothing after them.
 */
import { addDays } from '@portside/contract/rules/price-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthlyInvoicing } from '../src/modules/billing/monthly-invoicing.js';
import { createBillingClient, createServedVm, invoicesOf } from './billing-factories.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, newAccount, scalar } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
let staff: string;
let customer: { token: string; clientId: string };
let today: string;
let sizes = 10;

const post = (body: Json, token = staff) => s.call('POST', '/api/ProductsModels', { token, body });
const patchModel = (id: number, body: Json, token = staff) => s.call('PATCH', `/api/ProductsModels?id=eq.${id}`, { token, body });
const patchAddon = (code: string, body: Json, token = staff) => s.call('PATCH', `/api/VmAddons?code=eq.${code}`, { token, body });
const modelCount = () => scalar(s, `SELECT count(*)::int FROM vm_models`);
const changeCount = () => scalar(s, `SELECT count(*)::int FROM price_changes`);
const lastAudit = async (action: string) =>
  (await s.db.owner.query(`SELECT target, result FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1`, [action])).rows[0];
/** The first day of the month `n` months from today's ('YYYY-MM-DD'). */
const monthStart = (n: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/** A new vcore model of a size no other test uses, priced 1000 in Lisbon and 1200 in Frankfurt. */
async function newModel(lisbon = 1000): Promise<{ id: number; code: string }> {
  sizes += 1;
  const code = `S${sizes}R${sizes * 3}`;
  const r = await post({
    p_code: code,
    p_core_type: 'vcore',
    p_cores: sizes,
    p_ram_gb: sizes * 3,
    p_disk_gb: 40,
    p_prices: [
      { location: 'lisbon', cents: lisbon },
      { location: 'frankfurt', cents: 1200 },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: (r.body as Json[])[0]!.id as number, code };
}

const modelRow = async (id: number) => ((await s.get(`ProductsModels?id=eq.${id}`, staff)).body as Json[])[0]!;
const lisbonPrice = async (id: number) => ((await modelRow(id)).prices as Json[]).find((p) => p.location === 'lisbon')!;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  customer = await newAccount(s);
  today = (await s.db.owner.query(`SELECT (now() AT TIME ZONE 'UTC')::date::text AS d`)).rows[0].d;
});
afterAll(async () => s?.stop());

describe('ProductsModels', () => {
  it('creates a model with its price at every location, lists it with its servers, and logs it', async () => {
    const { id, code } = await newModel();
    const row = await modelRow(id);
    expect(row).toMatchObject({
      code,
      core_type: 'vcore',
      cores: sizes,
      ram_gb: sizes * 3,
      disk_gb: 40,
      active: true,
      servers: 0,
    });
    expect(row.prices).toEqual([
      {
        location: 'lisbon',
        location_name: 'Lisbon',
        item: `vm_model:${id}:lisbon`,
        cents: 1000,
        next_cents: null,
        next_from: null,
      },
      {
        location: 'frankfurt',
        location_name: 'Frankfurt',
        item: `vm_model:${id}:frankfurt`,
        cents: 1200,
        next_cents: null,
        next_from: null,
      },
    ]);
    await createTestVm(s.db, { clientId: customer.clientId, name: 'count.example', model: code });
    expect((await modelRow(id)).servers).toBe(1);
    expect(await lastAudit('ProductsModelsCreate')).toEqual({ target: `cloud model "${code} (vcore)" (#${id})`, result: 'ok' });
    // Searchable like any view.
    const found = (await s.get(`ProductsModels?code=ilike.*${code}*`, staff)).body as Json[];
    expect(found.map((m) => m.id)).toEqual([id]);
  });

  it('refuses a bad model with the catalogue error and writes nothing', async () => {
    const good = {
      p_code: 'S3R9',
      p_core_type: 'vcore',
      p_cores: 3,
      p_ram_gb: 9,
      p_disk_gb: 30,
      p_prices: [
        { location: 'lisbon', cents: 900 },
        { location: 'frankfurt', cents: 1000 },
      ],
    };
    const before = await modelCount();
    const cases: Array<[Json, string]> = [
      [{ ...good, p_code: 'S4R9' }, 'p_code: model_code_invalid'],
      [{ ...good, p_code: 'X3R9' }, 'p_code: model_code_invalid'],
      [{ ...good, p_cores: 0, p_code: 'S0R9' }, 'p_cores: model_size_invalid'],
      [{ ...good, p_disk_gb: -5 }, 'p_disk_gb: model_size_invalid'],
      [{ ...good, p_core_type: 'quantum' }, 'p_core_type: core_type_unknown'],
      [{ ...good, p_prices: [{ location: 'lisbon', cents: 900 }] }, 'p_prices: model_prices_incomplete'],
      [{ ...good, p_prices: [...good.p_prices, { location: 'lisbon', cents: 1 }] }, 'p_prices: model_prices_incomplete'],
      [
        {
          ...good,
          p_prices: [
            { location: 'lisbon', cents: 900 },
            { location: 'tokyo', cents: 1 },
          ],
        },
        'p_prices: location_unknown',
      ],
      [{ ...good, p_prices: [{ location: 'lisbon', cents: 9.5 }, good.p_prices[1]] }, 'p_prices.0.cents: price_invalid'],
    ];
    for (const [body, line] of cases) {
      const r = await post(body);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r), line).toContain(line);
    }
    const taken = await post({ ...good, p_code: 'S1R2', p_cores: 1, p_ram_gb: 2 });
    expectErrorShape(taken, 409, 'VM_MODEL_CODE_TAKEN');
    expect(await lastAudit('ProductsModelsCreate')).toMatchObject({ result: 'error' });
    expect(await modelCount()).toBe(before);
    // A customer is refused before anything is looked at.
    expectErrorShape(await post(good, customer.token), 403);
    expect(await modelCount()).toBe(before);
  });

  it('sets a location price from a day on: shown as the next change, then withdrawn; audited', async () => {
    const { id, code } = await newModel();
    const from = monthStart(1);
    const r = await patchModel(id, { p_location: 'lisbon', p_cents: 1490, p_effective_from: from });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(((r.body as Json[])[0]!.prices as Json[])[0]).toMatchObject({ cents: 1000, next_cents: 1490, next_from: from });
    expect(await lastAudit('ProductsModelsUpdate')).toEqual({
      target: `cloud model "${code}" (#${id}) lisbon 1490 cents from ${from}`,
      result: 'ok',
    });
    const change = ((await s.get(`PriceChanges?item=eq.vm_model:${id}:lisbon`, staff)).body as Json[])[0]!;
    expect((await s.rpc('PriceChangeCancel', { p_id: change.id }, staff)).status).toBe(200);
    expect(await lisbonPrice(id)).toMatchObject({ cents: 1000, next_cents: null, next_from: null });
  });

  it('refuses a bad price change with the catalogue error and changes nothing', async () => {
    const { id } = await newModel();
    const before = await changeCount();
    const cases: Array<[number, Json, number, string]> = [
      [
        id,
        { p_location: 'lisbon', p_cents: 900, p_effective_from: addDays(today, -1) },
        400,
        'p_effective_from: price_date_past',
      ],
      [
        id,
        { p_location: 'lisbon', p_cents: 900, p_effective_from: addDays(today, 800) },
        400,
        'p_effective_from: price_date_too_far',
      ],
      [id, { p_location: 'lisbon', p_cents: -1, p_effective_from: today }, 400, 'p_cents: price_invalid'],
      [id, { p_location: 'lisbon', p_cents: 12.5, p_effective_from: today }, 400, 'p_cents: price_invalid'],
      [id, { p_location: 'tokyo', p_cents: 900, p_effective_from: today }, 400, 'p_location: location_unknown'],
      [id, { p_cents: 900, p_effective_from: today }, 400, 'p_location: location_unknown'],
      [id, { p_location: 'lisbon', p_cents: 900 }, 400, 'p_effective_from: price_date_required'],
      [id, { p_active: false, p_location: 'lisbon', p_cents: 900, p_effective_from: today }, 400, 'p_active: invalid_data'],
    ];
    for (const [model, body, status, line] of cases) {
      const r = await patchModel(model, body);
      expectErrorShape(r, status, 'VALIDATION_FAILED');
      expect(detailLines(r), line).toContain(line);
    }
    expectErrorShape(await patchModel(999999, { p_active: false }), 404, 'VM_MODEL_NOT_FOUND');
    expectErrorShape(await patchModel(id, { p_location: 'lisbon', p_cents: 1, p_effective_from: today }, customer.token), 403);
    expectErrorShape(await s.call('PATCH', '/api/ProductsModels?code=eq.S1R2', { token: staff, body: { p_active: false } }), 400);
    expect(await changeCount()).toBe(before);
    expect(await modelRow(id)).toMatchObject({ active: true });
  });

  it('retires a model: not offered to orders or upgrades, kept by its servers; restoring offers it again', async () => {
    const small = await newModel(500);
    const big = await newModel(5000);
    const vm = await createTestVm(s.db, { clientId: customer.clientId, name: 'retire.example', model: big.code });
    const lower = await createTestVm(s.db, { clientId: customer.clientId, name: 'lower.example', model: small.code });
    const offered = async () => ((await s.get(`VmsOffers?model_id=eq.${big.id}`)).body as Json[]).length;
    const orderable = async () =>
      ((await s.get(`NewOrderGetModels?model_id=eq.${big.id}`, customer.token)).body as Json[]).length;
    const upgrades = async () =>
      ((await s.rpc('VmUpgradeGetModels', { p_provisioned_id: lower.provisionedId }, customer.token)).body as Json[]).map(
        (m) => m.model_id,
      );
    expect([await offered(), await orderable()]).toEqual([2, 2]);
    expect(await upgrades()).toContain(big.id);

    expect((await patchModel(big.id, { p_active: false })).status).toBe(200);
    expect(await lastAudit('ProductsModelsUpdate')).toEqual({
      target: `cloud model "${big.code}" (#${big.id}) retired`,
      result: 'ok',
    });
    expect([await offered(), await orderable()]).toEqual([0, 0]);
    expect(await upgrades()).not.toContain(big.id);
    const quote = await s.rpc(
      'OrderQuote',
      {
        p_location: 'lisbon',
        p_quantity: 1,
        p_config: {
          model_id: big.id,
          image: 'debian-12',
          disk_gb: 40,
          backups: false,
          hostname: 'x.example',
          project: null,
          ssh_keys: [],
        },
      },
      customer.token,
    );
    expectErrorShape(quote, 422, 'ORDER_MODEL_UNAVAILABLE');
    const mine = ((await s.get(`MyVMs2?provisioned_id=eq.${vm.provisionedId}`, customer.token)).body as Json[])[0]!;
    expect(mine.cost_breakdown).toMatchObject({ list_price: 5000 });
    expect(await modelRow(big.id)).toMatchObject({ active: false, servers: 1 });

    expect((await patchModel(big.id, { p_active: true })).status).toBe(200);
    expect([await offered(), await orderable()]).toEqual([2, 2]);
  });
});

describe('the readers of the price now', () => {
  it('show a change dated today at once in GetVMPrices, the builder, OrderQuote and MyVMs2; a later one from its day', async () => {
    const { id, code } = await newModel(1000);
    const vm = await createTestVm(s.db, { clientId: customer.clientId, name: 'reader.example', model: code });
    expect((await patchModel(id, { p_location: 'lisbon', p_cents: 1700, p_effective_from: today })).status).toBe(200);
    expect((await patchModel(id, { p_location: 'lisbon', p_cents: 2500, p_effective_from: addDays(today, 1) })).status).toBe(200);

    const prices = (await s.get(`GetVMPrices?model_id=eq.${id}&location=eq.lisbon`, customer.token)).body as Json[];
    expect(prices[0]!.monthly_price_cents).toBe(1700);
    const models = (await s.get(`NewOrderGetModels?model_id=eq.${id}&location=eq.lisbon`, customer.token)).body as Json[];
    expect(models[0]!.monthly_price_cents).toBe(1700);
    const offers = (await s.get(`VmsOffers?model_id=eq.${id}&location=eq.frankfurt`)).body as Json[];
    expect(offers[0]!.monthly_price_cents).toBe(1200);
    const quote = await s.rpc(
      'OrderQuote',
      {
        p_location: 'lisbon',
        p_quantity: 1,
        p_config: {
          model_id: id,
          image: 'debian-12',
          disk_gb: 40,
          backups: false,
          hostname: 'q.example',
          project: null,
          ssh_keys: [],
        },
      },
      customer.token,
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect((quote.body as { breakdown: Json }).breakdown).toMatchObject({ list_price: 1700, total_cost: 1700 });
    const mine = ((await s.get(`MyVMs2?provisioned_id=eq.${vm.provisionedId}`, customer.token)).body as Json[])[0]!;
    expect(mine.cost_breakdown).toMatchObject({ list_price: 1700 });
    expect(await lisbonPrice(id)).toMatchObject({ cents: 1700, next_cents: 2500, next_from: addDays(today, 1) });
    // A change that has started is history: it cannot be set again for its day.
    expectErrorShape(
      await patchModel(id, { p_location: 'lisbon', p_cents: 1, p_effective_from: today }),
      409,
      'PRICE_CHANGE_STARTED',
    );
  });
});

describe('monthly invoicing', () => {
  it('a price change dated next month leaves this month’s invoice unchanged; the next month is billed at the new price', async () => {
    const { id, code } = await newModel(1000);
    const client = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: client, model: code, start: monthStart(0) });
    expect((await patchModel(id, { p_location: 'lisbon', p_cents: 1600, p_effective_from: monthStart(1) })).status).toBe(200);

    await runMonthlyInvoicing(s.jobDeps(), monthStart(0).slice(0, 7), new Date(`${monthStart(1)}T06:00:00Z`));
    const [issued] = await invoicesOf(s.db, client);
    expect(issued.lines).toHaveLength(1);
    expect(issued.lines[0]).toMatchObject({ from: monthStart(0), to: addDays(monthStart(1), -1), monthly: 1000, amount: 1000 });

    await runMonthlyInvoicing(s.jobDeps(), monthStart(1).slice(0, 7), new Date(`${monthStart(2)}T06:00:00Z`));
    const [again, next] = await invoicesOf(s.db, client);
    expect(again).toEqual(issued);
    expect(next.lines).toHaveLength(1);
    expect(next.lines[0]).toMatchObject({ from: monthStart(1), monthly: 1600, amount: 1600 });
  });

  it('splits a server’s line and its backups at a change within the month, each part at its own price', async () => {
    const { id, code } = await newModel(1000);
    const client = await createBillingClient(s.db);
    await createServedVm(s.db, { clientId: client, model: code, start: '2025-03-01', end: '2025-03-31', backups: true });
    // A change that started in the past is history the API cannot write any more: set it as it was.
    await s.db.owner.query(`INSERT INTO price_changes (item, cents, effective_from) VALUES ($1, 2000, '2025-03-11')`, [
      `vm_model:${id}:lisbon`,
    ]);
    await runMonthlyInvoicing(s.jobDeps(), '2025-03', new Date('2025-04-01T06:00:00Z'));
    const [invoice] = await invoicesOf(s.db, client);
    const parts = (invoice.lines as Json[]).map((l) => [l.from, l.to, l.days, l.monthly, l.amount]);
    expect(parts).toEqual([
      ['2025-03-01', '2025-03-10', 10, 1000, Math.round((1000 * 10) / 31)],
      ['2025-03-11', '2025-03-31', 21, 2000, Math.round((2000 * 21) / 31)],
      ['2025-03-01', '2025-03-10', 10, 200, Math.round((200 * 10) / 31)],
      ['2025-03-11', '2025-03-31', 21, 400, Math.round((400 * 21) / 31)],
    ]);
  });
});

describe('VmAddons', () => {
  it('lists the four add-ons with their unit, price now and next change', async () => {
    const rows = (await s.get('VmAddons', staff)).body as Json[];
    expect(rows.map((r) => [r.code, r.unit, r.item])).toEqual([
      ['storage', 'cents_per_gb', 'vm_addon:storage'],
      ['snapshots', 'cents_per_gb', 'vm_addon:snapshots'],
      ['ipv4', 'cents_per_address', 'vm_addon:ipv4'],
      ['backups', 'percent', 'vm_addon:backups'],
    ]);
    expect(rows.find((r) => r.code === 'backups')).toMatchObject({ cents: 20, next_cents: null });
    expectErrorShape(await s.get('VmAddons', customer.token), 403);
  });

  it('refuses a bad add-on price with the catalogue error and changes nothing', async () => {
    const before = await changeCount();
    const cases: Array<[string, Json, string]> = [
      ['backups', { p_cents: 101, p_effective_from: today }, 'p_cents: price_percent_invalid'],
      ['storage', { p_cents: 2.5, p_effective_from: today }, 'p_cents: price_invalid'],
      ['storage', { p_cents: 3, p_effective_from: addDays(today, -3) }, 'p_effective_from: price_date_past'],
      ['gpu', { p_cents: 3, p_effective_from: today }, 'p_code: invalid_data'],
    ];
    for (const [code, body, line] of cases) {
      const r = await patchAddon(code, body);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r), line).toContain(line);
    }
    expectErrorShape(await patchAddon('storage', { p_cents: 4, p_effective_from: today }, customer.token), 403);
    expect(await changeCount()).toBe(before);
  });

  it('applies an add-on price from its day: today’s at once in GetVMPrices and the cost breakdown; audited', async () => {
    const vm = await createTestVm(s.db, { clientId: customer.clientId, name: 'addon.example' });
    await s.db.owner.query(`UPDATE vms SET disk_gb = disk_gb + 10, external_ipv4 = 1 WHERE provisioned_id = $1`, [
      vm.provisionedId,
    ]);
    const r = await patchAddon('storage', { p_cents: 7, p_effective_from: today });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Json[])[0]).toMatchObject({ code: 'storage', cents: 7 });
    expect(await lastAudit('VmAddonsUpdate')).toEqual({
      target: `price list #vm_addon:storage 7 cents from ${today}`,
      result: 'ok',
    });
    expect((await patchAddon('ipv4', { p_cents: 250, p_effective_from: addDays(today, 3) })).status).toBe(200);

    const mine = ((await s.get(`MyVMs2?provisioned_id=eq.${vm.provisionedId}`, customer.token)).body as Json[])[0]!;
    expect(mine.cost_breakdown).toMatchObject({
      additional_disk_cost_per_gb: 7,
      additional_disk_cost_total: 70,
      external_ip_cost: 150,
    });
    const prices = (await s.get('GetVMPrices?limit=1', customer.token)).body as Json[];
    expect(prices[0]).toMatchObject({ storage_cents_per_gb: 7, external_ipv4_cents: 150, backup_percent: 20 });
    const ipv4 = ((await s.get('VmAddons?code=eq.ipv4', staff)).body as Json[])[0]!;
    expect(ipv4).toMatchObject({ cents: 150, next_cents: 250, next_from: addDays(today, 3) });
  });
});
