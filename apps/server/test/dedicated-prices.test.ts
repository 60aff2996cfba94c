/**
 * The dedicated-server price lists (issue 18, migration 0042) through real HTTP on real PostgreSQL:
 * the reference lists filled from the offers and the demo's servers; PATCH ServersPricelist and
 * PATCH ServersDisksPricelist, staff only and audited, refusing bad input without changing
 * anything; a price dated next month leaves today's OrderQuote and the public offers as they are
 * while a price dated today applies at once; a rented server keeps its contract price; a part first
 * seen after a part price change is priced at the new price, one seen before keeps its price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portside/contract/rules/price-dates';
import { dedicatedOfferId } from '@portside/contract/schemas/orders';
import { newKey, addCredit } from './payment-factories.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { detailLines, expectErrorShape, idsOf, NO_RATE_LIMIT, newAccount, scalar } from './factories.js';
import { rentServer, staffOf } from './dedicated-factories.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';

let s: TestServer;
let staff: string;
let other: string;
let otherClient: string;
let customer: string;
let today: string;
let nextMonth: string;

/** The id and base price of a seeded offer. */
const offerOf = async (product: string, location: string) =>
  (
    await s.db.owner.query<{ id: number; monthly_price_cents: number; name: string }>(
      `SELECT id, monthly_price_cents, name FROM server_offers WHERE product = $1 AND location_id = $2`,
      [product, location],
    )
  ).rows[0]!;
const patchOffer = (id: number | string, body: Json, token = staff) =>
  s.call('PATCH', `/api/ServersPricelist?id=eq.${id}`, { token, body });
const patchPart = (kind: string, body: Json, token = staff) =>
  s.call('PATCH', `/api/ServersDisksPricelist?kind=eq.${encodeURIComponent(kind)}`, { token, body });
const pricelistRow = async (id: number) => ((await s.get(`ServersPricelist?id=eq.${id}`, staff)).body as Json[])[0]!;
const quote = (offer: number, location: string) =>
  s.rpc(
    'OrderQuote',
    { p_kind: 'dedicated', p_location: location, p_quantity: 1, p_dedicated: { offer, hostname: 'db' } },
    other,
  );
/** The public offer, or undefined when it is not offered. */
const publicOffer = async (id: number) => ((await s.get(`ServerOffers?offer_id=eq.${id}`)).body as Json[]).at(0);
const lastAudit = async (action: string) =>
  (
    await s.db.owner.query<{ target: string; result: string }>(
      `SELECT target, result FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1`,
      [action],
    )
  ).rows[0];

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await staffOf(s);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
  customer = (await newAccount(s)).token;
  today = (await s.db.owner.query(`SELECT utc_today()::text AS d`)).rows[0].d;
  const [y, m] = today.split('-').map(Number) as [number, number];
  nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
});
afterAll(async () => s?.stop());

describe('the reference lists', () => {
  it('hold the processors, chassis and disk sets of the offers and the servers, every seeded offer linked', async () => {
    const cpus = (await s.get('ServersCPUFamilies', staff)).body as Json[];
    expect(cpus).toContainEqual(
      expect.objectContaining({ name: 'AMD EPYC 7313P', vendor: 'AMD', cores: 16, threads: 32, offers: 2 }),
    );
    // The demo's servers' processors (family and name read from the BMC) are listed too.
    expect(cpus.map((c) => c.name)).toContain('Intel Xeon Silver 4214R');
    const models = (await s.get('ServersModels', staff)).body as Json[];
    expect(models).toContainEqual(
      expect.objectContaining({ vendor: 'Dell', name: 'PowerEdge R250', form_factor: '1U', offers: 2 }),
    );
    expect(models).toContainEqual(expect.objectContaining({ name: 'ProLiant DL360 Gen10', servers: 1 }));
    const types = (await s.get('ServersDiskTypes', staff)).body as Json[];
    expect(types.map((t) => [t.kind, t.interface])).toEqual([
      ['NVMe', 'PCIe'],
      ['SSD', 'SATA'],
      ['HDD', 'SAS'],
    ]);
    const sets = (await s.get('ServerDiskSets', staff)).body as Json[];
    expect(sets).toContainEqual({
      id: expect.any(Number),
      name: '2 × 480 GB SSD + 8 × 16 TB HDD',
      parts: [
        { count: 2, size_gb: 480, kind: 'SSD' },
        { count: 8, size_gb: 16000, kind: 'HDD' },
      ],
      total_gb: 128960,
      offers: 2,
    });
    expect(sets.find((x) => x.name === '2 × 1.92 TB NVMe')).toMatchObject({ total_gb: 3840 });
    expect(
      await scalar(
        s,
        `SELECT count(*) FROM server_offers WHERE cpu_family_id IS NULL OR model_id IS NULL OR disk_set_id IS NULL`,
      ),
    ).toBe(0);
  });

  it('are staff’s: a customer gets none of them', async () => {
    for (const view of [
      'ServersCPUFamilies',
      'ServersModels',
      'ServersDiskTypes',
      'ServerDiskSets',
      'ServersPricelist',
      'ServersDisksPricelist',
    ])
      expectErrorShape(await s.get(view, customer), 403, 'ROLE_REQUIRED');
  });
});

describe('PATCH ServersPricelist', () => {
  it('schedules a price for next month: today’s quote and offers keep the old price; a price dated today applies at once', async () => {
    const o = await offerOf('ds-ep7313', 'lisbon');
    const r = await patchOffer(o.id, { p_cents: o.monthly_price_cents + 1000, p_effective_from: nextMonth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await pricelistRow(o.id)).toMatchObject({
      base_cents: o.monthly_price_cents,
      cents: `${o.monthly_price_cents}.00`,
      next_cents: `${o.monthly_price_cents + 1000}.00`,
      next_from: nextMonth,
    });
    expect((await quote(o.id, 'lisbon')).body).toMatchObject({ monthly_cents: o.monthly_price_cents });
    expect(await publicOffer(o.id)).toMatchObject({ monthly_price_cents: o.monthly_price_cents });
    const log = await lastAudit('ServersPricelistUpdate');
    expect(log?.result).toBe('ok');
    expect(JSON.stringify(log?.target)).toContain(`server_offer:${o.id}`);
    expect(JSON.stringify(log?.target)).toContain(`from ${nextMonth}`);

    // From its day on (a change dated today shows it at once): the quote, the offers, the list.
    expect((await patchOffer(o.id, { p_cents: o.monthly_price_cents - 500, p_effective_from: today })).status).toBe(200);
    expect((await quote(o.id, 'lisbon')).body).toMatchObject({ monthly_cents: o.monthly_price_cents - 500 });
    expect(await publicOffer(o.id)).toMatchObject({ monthly_price_cents: o.monthly_price_cents - 500 });
    expect(await pricelistRow(o.id)).toMatchObject({
      base_cents: o.monthly_price_cents,
      cents: `${o.monthly_price_cents - 500}.00`,
      next_from: nextMonth,
    });
    // The list's own column is the price before any change: never written.
    expect((await offerOf('ds-ep7313', 'lisbon')).monthly_price_cents).toBe(o.monthly_price_cents);
  });

  it('leaves a rented server’s contract price as it was', async () => {
    const o = await offerOf('ds-e2388', 'frankfurt');
    const rented = (await pricelistRow(o.id)).rented as number;
    await addCredit(s, otherClient, 200_000);
    const hostname = `dp-${Date.now().toString(36)}`;
    const made = await s.rpc(
      'CreateOrder',
      {
        p_idempotency_key: newKey(),
        p_payment_method: 'balance',
        p_items: [
          {
            kind: 'dedicated',
            offer_id: dedicatedOfferId(o.id, hostname),
            location: 'frankfurt',
            quantity: 1,
            dedicated: { offer: o.id, hostname },
          },
        ],
      },
      other,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const contract = `SELECT i.monthly_cents AS install, sv.monthly_cents AS service
      FROM server_installs i JOIN services sv ON sv.equipment_id = i.equipment_id WHERE i.order_id = $1`;
    const orderId = made.body.order_id as number;
    expect((await s.db.owner.query(contract, [orderId])).rows).toEqual([
      { install: o.monthly_price_cents, service: o.monthly_price_cents },
    ]);
    expect(await pricelistRow(o.id)).toMatchObject({ rented: rented + 1 });

    expect((await patchOffer(o.id, { p_cents: o.monthly_price_cents + 2500, p_effective_from: today })).status).toBe(200);
    expect((await s.db.owner.query(contract, [orderId])).rows).toEqual([
      { install: o.monthly_price_cents, service: o.monthly_price_cents },
    ]);
    expect((await quote(o.id, 'frankfurt')).body).toMatchObject({ monthly_cents: o.monthly_price_cents + 2500 });
  });

  it('retires an offer (no longer offered nor orderable), restores it and renames it, audited', async () => {
    const o = await offerOf('ds-ep9354', 'lisbon');
    expect((await patchOffer(o.id, { p_active: false })).status).toBe(200);
    expect(await publicOffer(o.id)).toBeUndefined();
    expectErrorShape(await quote(o.id, 'lisbon'), 422, 'ORDER_OFFER_UNKNOWN');
    expect(await pricelistRow(o.id)).toMatchObject({ active: false });
    expect(JSON.stringify((await lastAudit('ServersPricelistUpdate'))?.target)).toContain('retired');

    expect((await patchOffer(o.id, { p_active: true, p_name: 'Compute 9354P Plus', p_sort: 7 })).status).toBe(200);
    expect(await publicOffer(o.id)).toMatchObject({ name: 'Compute 9354P Plus', sort: 7 });
    expect((await quote(o.id, 'lisbon')).status).toBe(200);
  });

  it('refuses bad input and customers with the catalogue’s error, changing nothing', async () => {
    const o = await offerOf('ds-st4314', 'lisbon');
    const cases: [Json, number, string, string | null][] = [
      [{ p_cents: -1, p_effective_from: nextMonth }, 400, 'VALIDATION_FAILED', 'p_cents: price_invalid'],
      [{ p_cents: 12.5, p_effective_from: nextMonth }, 400, 'VALIDATION_FAILED', 'p_cents: price_invalid'],
      [{ p_cents: 1000 }, 400, 'VALIDATION_FAILED', 'p_effective_from: price_change_incomplete'],
      [{ p_effective_from: nextMonth }, 400, 'VALIDATION_FAILED', 'p_cents: price_change_incomplete'],
      [{}, 400, 'VALIDATION_FAILED', 'p_id: price_list_nothing_to_change'],
      [{ p_name: '  ' }, 400, 'VALIDATION_FAILED', 'p_name: offer_name_empty'],
      [{ p_active: 'no' }, 400, 'VALIDATION_FAILED', 'p_active: invalid_data'],
      // A refused day refuses the whole update: the new name is not kept either.
      [
        { p_cents: 1000, p_effective_from: addDays(today, -1), p_name: 'Renamed' },
        400,
        'VALIDATION_FAILED',
        'p_effective_from: price_date_past',
      ],
      [
        { p_cents: 1000, p_effective_from: addDays(today, 731) },
        400,
        'VALIDATION_FAILED',
        'p_effective_from: price_date_too_far',
      ],
    ];
    for (const [body, status, code, detail] of cases) {
      const r = await patchOffer(o.id, body);
      expectErrorShape(r, status, code);
      if (detail) expect(detailLines(r), JSON.stringify(body)).toContain(detail);
    }
    expectErrorShape(await patchOffer(99_999, { p_active: false }), 404, 'PRICE_LIST_ROW_NOT_FOUND');
    expectErrorShape(await patchOffer('x', { p_active: false }), 400, 'BAD_FILTER_VALUE');
    expectErrorShape(await patchOffer(o.id, { p_active: false }, customer), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.rpc('ServersPricelistUpdate', { p_id: o.id, p_active: false }, staff), 404);

    expect(await pricelistRow(o.id)).toMatchObject({ name: o.name, active: true, next_cents: null, next_from: null });
    expect(await scalar(s, `SELECT count(*) FROM price_changes WHERE item = $1`, [`server_offer:${o.id}`])).toBe(0);
  });
});

describe('PATCH ServersDisksPricelist', () => {
  it('schedules a disk type’s price per TB for next month, audited, leaving today’s price', async () => {
    const r = await patchPart('NVMe', { p_cents: 650.5, p_effective_from: nextMonth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = (await s.get('ServersDisksPricelist', staff)).body as Json[];
    expect(rows.map((x) => x.kind)).toEqual(['ram', 'NVMe', 'SSD', 'HDD']);
    expect(rows.find((x) => x.kind === 'NVMe')).toMatchObject({
      item: 'disk_type:NVMe',
      unit: 'tb',
      interface: 'PCIe',
      base_cents: '600.00',
      cents: '600.00',
      next_cents: '650.50',
      next_from: nextMonth,
    });
    expect(rows.find((x) => x.kind === 'ram')).toMatchObject({ item: 'ram:gb', unit: 'gb', interface: null, cents: '25.00' });
    expect(JSON.stringify((await lastAudit('ServersDisksPricelistUpdate'))?.target)).toContain('disk_type:NVMe');
  });

  it('prices parts first seen from a change’s day at the new price; parts seen before keep theirs', async () => {
    const before = await rentServer(s, otherClient);
    const partCents = `SELECT (SELECT array_agg(monthly_cents ORDER BY serial) FROM dedicated_disks WHERE server_serial = $1) AS disks,
        (SELECT array_agg(monthly_cents ORDER BY slot) FROM dedicated_ram_modules WHERE server_serial = $1) AS ram,
        (SELECT array_agg(capacity_gb ORDER BY slot) FROM dedicated_ram_modules WHERE server_serial = $1) AS ram_gb`;
    const old = (await s.db.owner.query(partCents, [before.serial])).rows[0];
    // The NVMe drive (1.92 TB at 600 cents per TB) and two 960 GB SSDs at 400 cents per TB.
    expect(old.disks).toEqual([1152, 384, 384]);

    expect((await patchPart('SSD', { p_cents: 1000, p_effective_from: today })).status).toBe(200);
    expect((await patchPart('ram', { p_cents: 40, p_effective_from: today })).status).toBe(200);
    await syncDedicatedServers(s.jobDeps());
    expect((await s.db.owner.query(partCents, [before.serial])).rows[0]).toEqual(old);

    const after = await rentServer(s, otherClient);
    const fresh = (await s.db.owner.query(partCents, [after.serial])).rows[0];
    expect(fresh.disks).toEqual([1152, 960, 960]);
    expect(fresh.ram).toEqual((fresh.ram_gb as number[]).map((gb) => gb * 40));
  });

  it('refuses an unknown kind, a bad price or day, and customers, changing nothing', async () => {
    const count = () => scalar(s, `SELECT count(*) FROM price_changes WHERE item IN ('disk_type:HDD', 'ram:gb')`);
    const n = await count();
    const cases: [string, Json, string][] = [
      ['SATA', { p_cents: 100, p_effective_from: nextMonth }, 'p_kind: invalid_data'],
      ['HDD', { p_cents: 1.234, p_effective_from: nextMonth }, 'p_cents: price_invalid'],
      ['HDD', { p_cents: 100 }, 'p_effective_from: price_date_required'],
      ['HDD', { p_cents: 100, p_effective_from: '2026-02-30' }, 'p_effective_from: date_invalid'],
      ['HDD', { p_cents: 100, p_effective_from: addDays(today, -3) }, 'p_effective_from: price_date_past'],
    ];
    for (const [kind, body, detail] of cases) {
      const r = await patchPart(kind, body);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(detailLines(r), `${kind} ${JSON.stringify(body)}`).toContain(detail);
    }
    expectErrorShape(await patchPart('HDD', { p_cents: 100, p_effective_from: nextMonth }, customer), 403, 'ROLE_REQUIRED');
    expect(await count()).toBe(n);
  });
});

describe('ServersPricelistCreate', () => {
  const ids = async () => {
    const one = async (sql: string) => (await s.db.owner.query<{ id: number }>(sql)).rows[0]!.id;
    return {
      family: await one(`SELECT id FROM server_cpu_families WHERE name = 'AMD EPYC 9354P'`),
      // A processor only read from a BMC: its cores are not known.
      unknownCores: await one(`INSERT INTO server_cpu_families (name, vendor) VALUES ('Intel Xeon Bronze 3204', 'Intel')
        ON CONFLICT (name) DO UPDATE SET vendor = EXCLUDED.vendor RETURNING id`),
      model: await one(`SELECT id FROM server_models WHERE name = 'A+ Server 1115CS-TNR'`),
      diskSet: await one(`SELECT id FROM server_disk_sets WHERE name = '2 × 3.84 TB NVMe'`),
    };
  };

  it('makes an offer from the reference lists, audited, priced and orderable at once', async () => {
    const r = await ids();
    const body = {
      p_name: 'Compute 9354P Max',
      p_product: 'ds-ep9354-max',
      p_location: 'lisbon',
      p_cpu_family: r.family,
      p_model: r.model,
      p_disk_set: r.diskSet,
      p_ram_gb: 512,
      p_cents: 39_900,
      p_sort: 5,
    };
    const made = await s.rpc('ServersPricelistCreate', body, staff);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.id as number;
    expect(await publicOffer(id)).toMatchObject({
      product: 'ds-ep9354-max',
      cpu: 'AMD EPYC 9354P',
      cores: 32,
      ram_gb: 512,
      disks: '2 × 3.84 TB NVMe',
      storage_gb: 7680,
      monthly_price_cents: 39_900,
      sort: 5,
    });
    expect(await pricelistRow(id)).toMatchObject({ model: 'Supermicro A+ Server 1115CS-TNR', cents: '39900.00', rented: 0 });
    expect((await quote(id, 'lisbon')).body).toMatchObject({ monthly_cents: 39_900 });
    expect(JSON.stringify((await lastAudit('ServersPricelistCreate'))?.target)).toContain(`server_offer:${id}`);

    // The same product at the same location again is refused.
    expectErrorShape(await s.rpc('ServersPricelistCreate', body, staff), 409, 'SERVER_OFFER_EXISTS');
  });

  it('refuses unknown references, a processor without cores unless given, bad fields and customers, adding nothing', async () => {
    const r = await ids();
    const good = {
      p_name: 'Probe',
      p_product: 'ds-probe',
      p_location: 'lisbon',
      p_cpu_family: r.family,
      p_disk_set: r.diskSet,
      p_ram_gb: 64,
      p_cents: 1000,
    };
    const n = await scalar(s, `SELECT count(*) FROM server_offers`);
    const cases: [Json, string][] = [
      [{ p_location: 'atlantis' }, 'p_location: invalid_data'],
      [{ p_cpu_family: 99_999 }, 'p_cpu_family: invalid_data'],
      [{ p_cpu_family: r.unknownCores }, 'p_cores: invalid_data'],
      [{ p_model: 99_999 }, 'p_model: invalid_data'],
      [{ p_disk_set: 99_999 }, 'p_disk_set: invalid_data'],
      [{ p_product: 'Bad Product' }, 'p_product: invalid_data'],
      [{ p_name: '' }, 'p_name: offer_name_empty'],
      [{ p_cents: -5 }, 'p_cents: price_invalid'],
      [{ p_ram_gb: 0 }, 'p_ram_gb: invalid_data'],
    ];
    for (const [over, detail] of cases) {
      const res = await s.rpc('ServersPricelistCreate', { ...good, ...over }, staff);
      expectErrorShape(res, 400, 'VALIDATION_FAILED');
      expect(detailLines(res), JSON.stringify(over)).toContain(detail);
    }
    expectErrorShape(await s.rpc('ServersPricelistCreate', good, customer), 403, 'ROLE_REQUIRED');
    expect(await scalar(s, `SELECT count(*) FROM server_offers`)).toBe(n);
    // With the cores given, a processor read only from a BMC will do.
    const ok = await s.rpc('ServersPricelistCreate', { ...good, p_cpu_family: r.unknownCores, p_cores: 12 }, staff);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
