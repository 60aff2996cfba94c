/**
 * Ordering dedicated servers through the cart (issue 17), through real HTTP on real PostgreSQL:
 * OrderQuote prices an offer; CreateOrder charges the first month by card or from the balance and,
 * once paid, makes one install per server with its service; bad lines are refused and change
 * nothing; staff hand the machine over from the install (DedicatedServerCreate p_install) with the
 * order's service and price; monthly invoicing bills other services than cloud servers, and a
 * dedicated server from the month after its order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderOfferId, dedicatedOfferId, type DedicatedOrderLine } from '@portside/contract/schemas/orders';
import { createSimulatedSystem } from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { SIMULATED_BMC_ADMIN } from '../src/drivers/baremetal/simulator-bmc-spec.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { detailLines, expectErrorShape, idsOf, NO_RATE_LIMIT, scalar } from './factories.js';
import { addCredit, balanceOf, newKey, submitTestCard } from './payment-factories.js';
import { createBillingClient, invoicesOf } from './billing-factories.js';
import { staffOf } from './dedicated-factories.js';

type Json = Record<string, unknown>;
let s: TestServer;
let other: string;
let otherClient: string;
let offer: { id: number; name: string; monthly_price_cents: number };

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
  offer = (
    await s.db.owner.query<{ id: number; name: string; monthly_price_cents: number }>(
      `SELECT id, name, monthly_price_cents FROM server_offers WHERE product = 'ds-e2388' AND location_id = 'lisbon'`,
    )
  ).rows[0]!;
});
afterAll(async () => s?.stop());

let n = 0;
function line(quantity = 1, hostname = `metal-${Date.now().toString(36)}${n++}`, offerId = offer.id): DedicatedOrderLine {
  return {
    kind: 'dedicated',
    offer_id: dedicatedOfferId(offerId, hostname),
    location: 'lisbon',
    quantity,
    dedicated: { offer: offerId, hostname },
  };
}
const order = (items: unknown[], method: string, token = other) =>
  s.rpc('CreateOrder', { p_idempotency_key: newKey(), p_items: items, p_payment_method: method }, token);
const count = (sql: string, params: unknown[] = []) => scalar(s, sql, params).then(Number);
const orderStatus = (id: unknown) =>
  s.db.owner.query<{ status: string }>(`SELECT status FROM orders WHERE id = $1`, [id]).then((r) => r.rows[0]?.status);
const installsOf = (orderId: number) =>
  s.db.owner
    .query(
      `SELECT i.hostname, i.step, i.monthly_cents, i.offer_id, sv.category, sv.order_id::int AS service_order, sv.monthly_cents AS service_cents
         FROM server_installs i LEFT JOIN services sv ON sv.equipment_id = i.equipment_id
        WHERE i.order_id = $1 ORDER BY i.hostname`,
      [orderId],
    )
    .then((r) => r.rows);

describe('OrderQuote for a dedicated offer', () => {
  it('answers the offer’s list price and today’s share of it, without a cloud breakdown', async () => {
    const r = await s.rpc(
      'OrderQuote',
      { p_kind: 'dedicated', p_location: 'lisbon', p_quantity: 2, p_dedicated: { offer: offer.id, hostname: 'db' } },
      other,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ breakdown: null, offer_name: offer.name, monthly_cents: 2 * offer.monthly_price_cents });
    const b = r.body as { first_charge_cents: number; days_charged: number; month_days: number };
    expect(b.first_charge_cents).toBe(2 * Math.round((offer.monthly_price_cents * b.days_charged) / b.month_days));
  });

  it('refuses an offer of another location and a hostname with a dot', async () => {
    const frankfurt = await s.rpc(
      'OrderQuote',
      { p_kind: 'dedicated', p_location: 'frankfurt', p_quantity: 1, p_dedicated: { offer: offer.id, hostname: 'db' } },
      other,
    );
    expectErrorShape(frankfurt, 422, 'ORDER_OFFER_UNKNOWN');
    const dotted = await s.rpc(
      'OrderQuote',
      { p_kind: 'dedicated', p_location: 'lisbon', p_quantity: 1, p_dedicated: { offer: offer.id, hostname: 'db.example' } },
      other,
    );
    expectErrorShape(dotted, 400, 'VALIDATION_FAILED');
    expect(detailLines(dotted)).toContain('p_dedicated.hostname: hostname_dedicated_invalid');
  });
});

describe('CreateOrder with dedicated servers', () => {
  it('from the balance: charges the first month, makes one install and one service per server, and completes', async () => {
    await addCredit(s, otherClient, 200_000);
    const before = await balanceOf(s, otherClient);
    const l = line(2);
    const r = await order([l], 'balance');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'completed', payment: { status: 'succeeded' } });
    const orderId = r.body.order_id as number;
    expect(await balanceOf(s, otherClient)).toBe(before - (r.body.total_cents as number));
    const host = l.dedicated.hostname;
    expect(await installsOf(orderId)).toEqual(
      [`${host}-1`, `${host}-2`].map((hostname) => ({
        hostname,
        step: 'ordered',
        monthly_cents: offer.monthly_price_cents,
        offer_id: offer.id,
        category: 'dedicated-server',
        service_order: orderId,
        service_cents: offer.monthly_price_cents,
      })),
    );
    // The order invoice names the servers; it is paid.
    const invoice = (
      await s.db.owner.query(
        `SELECT i.status, array_agg(l.description ORDER BY l.position) AS lines FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
          WHERE i.order_id = $1 GROUP BY i.status`,
        [orderId],
      )
    ).rows[0];
    expect(invoice).toEqual({
      status: 'paid',
      lines: [`${host}-1 · ${offer.name} · Lisbon`, `${host}-2 · ${offer.name} · Lisbon`],
    });
    // The customer sees the installs and the order's items; no worker provisions anything.
    const installs = (await s.get(`MyServerInstalls?order_id=eq.${orderId}`, other)).body as Json[];
    expect(installs.map((i) => i.hostname).sort()).toEqual([`${host}-1`, `${host}-2`]);
    const items = (await s.get(`MyOrderItems?order_id=eq.${orderId}`, other)).body as Json[];
    expect(items).toEqual([
      expect.objectContaining({ kind: 'dedicated', model: offer.name, image: null, disk_gb: null, status: 'done' }),
      expect.objectContaining({ kind: 'dedicated', install_serial: expect.stringMatching(/^INST-\d{6}$/) }),
    ]);
    await s.jobsIdle();
    expect(await count(`SELECT count(*) FROM vms WHERE name LIKE $1`, [`${host}%`])).toBe(0);
    // Another account sees none of it.
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect((await s.get(`MyServerInstalls?order_id=eq.${orderId}`, demo)).body).toEqual([]);
  });

  it('by card: nothing is installed until the payment succeeds, then once whatever is replayed', async () => {
    const r = await order([line()], 'card');
    expect(r.body).toMatchObject({ status: 'awaiting_payment' });
    const orderId = r.body.order_id as number;
    expect(await installsOf(orderId)).toEqual([]);
    await submitTestCard(s, r.body.payment.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    await s.rpc('PaymentStatus', { p_payment_id: r.body.payment.payment_id }, other);
    await submitTestCard(s, r.body.payment.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    await s.jobsIdle();
    expect(await installsOf(orderId)).toHaveLength(1);
    expect(await count(`SELECT count(*) FROM services WHERE order_id = $1`, [orderId])).toBe(1);
    expect(await orderStatus(orderId)).toBe('completed');
  });

  it('orders a cloud server and a dedicated server together: the order completes when both are done', async () => {
    await addCredit(s, otherClient, 100_000);
    const modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
    const config = {
      model_id: modelId,
      image: 'debian-12',
      disk_gb: 30,
      backups: false,
      hostname: `mix${n++}`,
      project: null,
      ssh_keys: [],
    };
    const vm = { offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config };
    const r = await order([vm, line()], 'balance');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('provisioning');
    await s.jobsIdle();
    expect(await orderStatus(r.body.order_id)).toBe('completed');
    expect(await installsOf(r.body.order_id as number)).toHaveLength(1);
  });

  it('refuses bad lines and the free trial, changing nothing', async () => {
    const before = await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [otherClient]);
    const other2 = (
      await s.db.owner.query<{ id: number }>(`SELECT id FROM server_offers WHERE location_id = 'frankfurt' LIMIT 1`)
    ).rows[0]!.id;
    const cases: Array<[unknown, number, string, string?]> = [
      // An offer of Frankfurt on a Lisbon line.
      [line(1, 'x1', other2), 422, 'ORDER_OFFER_UNKNOWN'],
      // An offer_id that is not the line's own.
      [{ ...line(1, 'x2'), offer_id: 'ds-1-other' }, 422, 'ORDER_OFFER_UNKNOWN', 'p_items.0.offer_id: order_offer_unknown'],
      [line(1, 'db.example'), 400, 'VALIDATION_FAILED', 'p_items.0.dedicated.hostname: hostname_dedicated_invalid'],
      [line(1, 'x'.repeat(61)), 400, 'VALIDATION_FAILED', 'p_items.0.dedicated.hostname: field_too_long'],
      [{ ...line(), kind: 'bare-metal' }, 400, 'VALIDATION_FAILED'],
      [{ ...line(), dedicated: { offer: -1, hostname: 'x' } }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [item, status, code, detail] of cases) {
      const r = await order([item], 'card');
      expectErrorShape(r, status, code);
      if (detail) expect(String(r.body.details).split('\n')).toContain(detail);
    }
    const trial = await order([line()], 'trial');
    expectErrorShape(trial, 422, 'TRIAL_CLOUD_ONLY');
    expect(await count(`SELECT count(*) FROM orders WHERE client_id = $1`, [otherClient])).toBe(before);
  });
});

describe('handing an ordered server over (DedicatedServerCreate p_install)', () => {
  it('gives the install’s client the machine with the order’s service, billed at the ordered price with its parts included', async () => {
    await addCredit(s, otherClient, 100_000);
    const r = await order([line()], 'balance');
    const orderId = r.body.order_id as number;
    const install = (await s.get(`MyServerInstalls?order_id=eq.${orderId}`, other)).body as Json[];
    const ref = install[0]!.serial as string;
    const equipment = Number(await scalar(s, `SELECT equipment_id FROM server_installs WHERE serial = $1`, [ref]));
    const staff = await staffOf(s);
    const bmc = `sim-bmc-order-${orderId}`;
    const machine = `CZORD${orderId}`;
    await createSimulatedSystem(s.db.owner, { bmc, serial: machine });
    const reg = await s.rpc(
      'RegisterBmc',
      {
        p_name: bmc,
        p_driver: 'simulator',
        p_address: bmc,
        p_username: SIMULATED_BMC_ADMIN.username,
        p_password: SIMULATED_BMC_ADMIN.password,
      },
      staff,
    );
    const body = {
      p_serial: machine,
      p_location: 'lisbon',
      p_hostname: install[0]!.hostname,
      p_model: 'ProLiant DL20 Gen10',
      p_cpu_family: 'Intel Xeon',
      p_cpu_name: 'Xeon E-2388G',
      p_bmc: reg.body.id,
      p_install: ref,
    };
    // The install's location and client are the machine's.
    expectErrorShape(await s.rpc('DedicatedServerCreate', { ...body, p_location: 'frankfurt' }, staff), 400, 'VALIDATION_FAILED');
    const someone = await createBillingClient(s.db);
    expectErrorShape(await s.rpc('DedicatedServerCreate', { ...body, p_client: someone }, staff), 400, 'VALIDATION_FAILED');
    expectErrorShape(
      await s.rpc('DedicatedServerCreate', { ...body, p_install: 'INST-999999' }, staff),
      404,
      'DEDICATED_NOT_FOUND',
    );
    // Without an install the base price is required.
    const { p_install: _, ...stock } = body;
    const noBase = await s.rpc('DedicatedServerCreate', { ...stock, p_serial: `${machine}X` }, staff);
    expectErrorShape(noBase, 400, 'VALIDATION_FAILED');
    expect(detailLines(noBase)).toContain('p_base_cents: invalid_data');
    expect(await count(`SELECT count(*) FROM dedicated_servers WHERE serial LIKE $1`, [`${machine}%`])).toBe(0);

    const made = await s.rpc('DedicatedServerCreate', body, staff);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await syncDedicatedServers(s.jobDeps());
    const server = (
      await s.db.owner.query(
        `SELECT d.client_id, d.equipment_id::int AS equipment_id, d.base_cents, d.parts_included, sv.monthly_cents AS service_cents,
                (SELECT count(*)::int FROM dedicated_disks k WHERE k.server_serial = d.serial AND k.monthly_cents = 0) AS free_disks,
                (SELECT count(*)::int FROM dedicated_disks k WHERE k.server_serial = d.serial) AS disks
           FROM dedicated_servers d JOIN services sv ON sv.equipment_id = d.equipment_id WHERE d.serial = $1`,
        [machine],
      )
    ).rows[0];
    expect(server).toMatchObject({
      client_id: otherClient,
      equipment_id: equipment,
      base_cents: offer.monthly_price_cents,
      parts_included: false,
      service_cents: offer.monthly_price_cents,
    });
    expect(server.disks).toBeGreaterThan(0);
    expect(server.free_disks).toBe(server.disks);
    expect(await count(`SELECT count(*) FROM services WHERE order_id = $1`, [orderId])).toBe(1);
    const [row] = (await s.get(`MyServerInstalls?serial=eq.${machine}`, other)).body as Json[];
    expect(row).toMatchObject({ step: 'handed-over', handed_over_at: expect.any(String) });
    expect((await s.get(`ServerStats?serial=eq.${machine}`, other)).body).toHaveLength(1);
    // Once handed over, the install cannot be handed over again.
    expectErrorShape(
      await s.rpc('DedicatedServerCreate', { ...body, p_serial: `${machine}Y`, p_install: machine }, staff),
      409,
      'INSTALL_STEP_BACKWARDS',
    );
  });
});

describe('monthly invoicing of services other than cloud servers', () => {
  it('bills an add-on by the day from its start, and a dedicated server from the month after its order', async () => {
    const client = await createBillingClient(s.db);
    const o = await s.db.owner.query<{ id: number }>(
      `INSERT INTO orders (client_id, idempotency_key, payment_method, status, subtotal_cents, total_cents, monthly_cents, created_at, paid_at)
       VALUES ($1, $2, 'card', 'completed', 5000, 5000, 9300, '2023-03-10', '2023-03-10') RETURNING id`,
      [client, newKey()],
    );
    await s.db.owner.query(
      `INSERT INTO services (client_id, category, description, order_id, start_date, min_cancel_date, monthly_cents)
       VALUES ($1, 'dedicated-server', 'Dedicated server Entry (db) in Lisbon', $2, '2023-03-10', '2023-04-10', 9300),
              ($1, 'addon', 'Priority support', NULL, '2023-03-16', '2023-04-16', 3100),
              ($1, 'addon', 'Free add-on', NULL, '2023-03-01', '2023-04-01', 0)`,
      [client, o.rows[0]!.id],
    );
    expect((await runJob(JobName.BillingMonthly, s.jobDeps(), { month: '2023-03' })).status).toBe(JobStatus.Success);
    expect((await runJob(JobName.BillingMonthly, s.jobDeps(), { month: '2023-04' })).status).toBe(JobStatus.Success);
    const [march, april] = await invoicesOf(s.db, client);
    expect(march.lines).toEqual([
      {
        description: 'Priority support',
        from: '2023-03-16',
        to: '2023-03-31',
        days: 16,
        monthly: 3100,
        amount: 1600,
        provisioned_id: null,
      },
    ]);
    expect(april.lines).toEqual([
      expect.objectContaining({ description: 'Dedicated server Entry (db) in Lisbon', days: 30, amount: 9300 }),
      expect.objectContaining({ description: 'Priority support', days: 30, amount: 3100 }),
    ]);
  });
});
