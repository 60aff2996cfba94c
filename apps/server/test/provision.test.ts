/**
 * Provisioning ordered servers (the OrderProvision job) on the simulated clusters: the server made
 * through create → finishCreate → start, its row, service and history; the live stages; a re-run
 * that does nothing twice; a crashed run taken over without a second VM; a cluster failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { idsOf, NO_RATE_LIMIT } from './factories.js';

let s: TestServer;
let client: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  client = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

let serial = 0;

/** A paid order of one server (as CreateOrder and the payment leave it); answers the item id. */
async function paidItem(
  over: { location?: string; image?: string; trial?: boolean; hostname?: string } = {},
): Promise<{ itemId: string; orderId: string; hostname: string }> {
  const hostname = over.hostname ?? `prov${Date.now().toString(36)}${serial++}.demo.example`;
  const o = await s.db.owner.query<{ id: string }>(
    `INSERT INTO orders (client_id, idempotency_key, payment_method, status, subtotal_cents, total_cents, monthly_cents, paid_at)
     VALUES ($1, $2, $3, 'provisioning', 0, 0, 900, now()) RETURNING id::text`,
    [client, `test-${hostname}`, over.trial ? 'trial' : 'card'],
  );
  const i = await s.db.owner.query<{ id: string }>(
    `INSERT INTO order_items (order_id, client_id, position, offer_id, model_id, location_id, image_id, hostname, disk_gb, backups, monthly_cents, first_charge_cents, trial, ssh_key_ids)
     SELECT $1, $2, 1, 'vm-test', m.id, $3, $4, $5, 40, true, 900, 300, $6, coalesce((SELECT array_agg(id) FROM ssh_keys WHERE client_id = $2), '{}')
       FROM vm_models m WHERE m.code = 'S2R4' AND m.core_type = 'vcore'
     RETURNING id::text`,
    [o.rows[0]!.id, client, over.location ?? 'lisbon', over.image ?? 'debian-12', hostname, over.trial ?? false],
  );
  return { itemId: i.rows[0]!.id, orderId: o.rows[0]!.id, hostname };
}

const item = async (id: string) =>
  (
    await s.db.owner.query(
      `SELECT status, step, error, provisioned_id::int AS provisioned_id, vmid, cluster_id FROM order_items WHERE id = $1`,
      [id],
    )
  ).rows[0];
const orderStatus = async (id: string) =>
  (await s.db.owner.query(`SELECT status FROM orders WHERE id = $1`, [id])).rows[0]!.status;

describe('provisioning an ordered server', () => {
  it('makes a RUNNING server with the ordered size, starts its service and tells the browser each stage', async () => {
    const { itemId, orderId, hostname } = await paidItem();
    const r = await runJob(JobName.OrderProvision, s.jobDeps(), { itemId });
    expect(r.status, r.detail).toBe(JobStatus.Success);
    const it1 = await item(itemId);
    expect(it1).toMatchObject({ status: 'done', step: 3, error: null });
    expect(await orderStatus(orderId)).toBe('completed');

    const vm = (
      await s.db.owner.query(
        `SELECT v.state, v.power_status, v.locked, v.name, v.disk_gb, v.backups_enabled, v.node, c.name AS cluster
      FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE provisioned_id = $1`,
        [it1.provisioned_id],
      )
    ).rows[0];
    expect(vm).toMatchObject({
      state: 'active',
      power_status: 'RUNNING',
      locked: 'off',
      name: hostname,
      disk_gb: 40,
      backups_enabled: true,
      cluster: 'lis-sim',
    });
    const sim = createSimulatorHypervisor(s.db.owner);
    expect(await sim.config(it1.vmid)).toMatchObject({ cores: 2, memoryMb: 4096, diskGb: 40 });
    expect(await sim.cloudInit(it1.vmid)).toMatchObject({ hostname });
    expect((await sim.status(it1.vmid)).power).toBe('RUNNING');

    const service = (
      await s.db.owner.query(
        `SELECT category, order_id::text, start_date = current_date AS today, monthly_cents, trial_until FROM services WHERE provisioned_id = $1`,
        [it1.provisioned_id],
      )
    ).rows[0];
    expect(service).toEqual({ category: 'cloud-server', order_id: orderId, today: true, monthly_cents: 900, trial_until: null });
    const history = (
      await s.db.owner.query(
        `SELECT change_type FROM services_history h JOIN services x USING (equipment_id) WHERE x.provisioned_id = $1`,
        [it1.provisioned_id],
      )
    ).rows;
    expect(history).toEqual([{ change_type: 'created' }]);

    const stages = (
      await s.db.owner.query(
        `SELECT payload->>'stage' AS stage FROM hub_messages WHERE kind = 'create' AND provisioned_id = $1 ORDER BY id`,
        [it1.provisioned_id],
      )
    ).rows.map((x) => x.stage);
    expect(stages).toEqual(['pre-create', 'running-create-0', 'running-create-1', 'running-create-2', 'post-create']);
    const terminal = (
      await s.db.owner.query(
        `SELECT payload FROM hub_messages WHERE kind = 'terminal' AND provisioned_id = $1 ORDER BY id DESC LIMIT 1`,
        [it1.provisioned_id],
      )
    ).rows[0]!.payload;
    expect(Buffer.from(terminal.message, 'base64').toString()).toBe('Server ready');
    expect(terminal.label).toBe(hostname);
    // The customer sees it in the list.
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect(
      (await s.get(`MyVMs2?provisioned_id=eq.${it1.provisioned_id}&select=name,power_status,state,active_status`, demo)).body,
    ).toEqual([{ name: hostname, power_status: 'RUNNING', state: 'active', active_status: 'OK' }]);
  });

  it('does nothing when the job runs again for a finished server', async () => {
    const { itemId } = await paidItem();
    await runJob(JobName.OrderProvision, s.jobDeps(), { itemId });
    const before = (await s.db.owner.query(`SELECT count(*)::int AS n FROM sim_vms`)).rows[0]!.n;
    expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId })).status).toBe(JobStatus.Skipped);
    expect((await s.db.owner.query(`SELECT count(*)::int AS n FROM sim_vms`)).rows[0]!.n).toBe(before);
  });

  it('takes over a crashed run: the reserved VM id and the recorded clone are followed, no second VM is made', async () => {
    const { itemId, hostname } = await paidItem();
    // A first run reserved the id, started the clone, recorded its task, and died.
    const sim = createSimulatorHypervisor(s.db.owner);
    const cluster = (await s.db.owner.query<{ id: number }>(`SELECT id FROM clusters WHERE name = 'lis-sim'`)).rows[0]!.id;
    const vmid = await sim.nextVmid();
    await s.db.owner.query(
      `UPDATE order_items SET status = 'provisioning', lease_until = now() - interval '1 second', attempts = 1 WHERE id = $1`,
      [itemId],
    );
    const pid = (
      await s.db.owner.query<{ id: number }>(
        `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked, state)
       SELECT client_id, (SELECT id FROM projects WHERE client_id = i.client_id AND is_default), $2, '', $3, hostname, model_id, disk_gb, 'UNKNOWN', 'on', 'creating'
         FROM order_items i WHERE i.id = $1 RETURNING provisioned_id::int AS id`,
        [itemId, cluster, vmid],
      )
    ).rows[0]!.id;
    const started = await sim.create({
      vmid,
      name: hostname,
      image: 'debian-12',
      cores: 2,
      memoryMb: 4096,
      diskGb: 40,
      sshKeys: [],
    });
    await s.db.owner.query(
      `UPDATE order_items SET cluster_id = $2, vmid = $3, provisioned_id = $4, node = $5, step = 0, driver_task = $6 WHERE id = $1`,
      [itemId, cluster, vmid, pid, started.node, started.taskId],
    );

    const r = await runJob(JobName.OrderProvision, s.jobDeps(), { itemId });
    expect(r.status, r.detail).toBe(JobStatus.Success);
    expect(await item(itemId)).toMatchObject({ status: 'done', provisioned_id: pid, vmid });
    const named = (await s.db.owner.query(`SELECT count(*)::int AS n FROM sim_vms WHERE name = $1`, [hostname])).rows[0]!.n;
    expect(named).toBe(1);
  });

  it('fails the server with the cluster’s words when its creation fails; the order fails, nothing is left half made, what was paid is credited', async () => {
    const { itemId, orderId } = await paidItem();
    const sim = createSimulatorHypervisor(s.db.owner);
    for (const node of ['lis-node1', 'lis-node2']) await sim.failNextTaskOnNode(node, 'clone failed: storage full');
    const r = await runJob(JobName.OrderProvision, s.jobDeps(), { itemId }).finally(async () => {
      for (const node of ['lis-node1', 'lis-node2']) await sim.failNextTaskOnNode(node, null);
    });
    expect(r.status).toBe(JobStatus.Success);
    const it1 = await item(itemId);
    expect(it1).toMatchObject({ status: 'failed', error: 'clone failed: storage full' });
    expect(await orderStatus(orderId)).toBe('failed');
    expect((await s.db.owner.query(`SELECT state FROM vms WHERE provisioned_id = $1`, [it1.provisioned_id])).rows[0]).toEqual({
      state: 'deleted',
    });
    const last = (
      await s.db.owner.query(
        `SELECT payload FROM hub_messages WHERE kind = 'create' AND provisioned_id = $1 ORDER BY id DESC LIMIT 1`,
        [it1.provisioned_id],
      )
    ).rows[0]!.payload;
    expect(last).toMatchObject({
      status: 'error',
      stage: 'failed-create',
      message: 'Server creation failed: clone failed: storage full',
    });
    // What was paid for it goes back to the credit balance, once.
    const refunds = (
      await s.db.owner.query(`SELECT amount_cents, note FROM balance_entries WHERE kind = 'refund' AND note LIKE $1`, [
        `%order ${orderId} %`,
      ])
    ).rows;
    expect(refunds).toEqual([{ amount_cents: 300, note: expect.stringContaining('could not be created') }]);
    expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId })).status).toBe(JobStatus.Skipped);
  });

  it('puts a Frankfurt server on the Frankfurt cluster; a trial server’s service runs to the month’s end', async () => {
    const { itemId } = await paidItem({ location: 'frankfurt', trial: true });
    expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId })).status).toBe(JobStatus.Success);
    const it1 = await item(itemId);
    const where = (
      await s.db.owner.query(`SELECT c.name FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.provisioned_id = $1`, [
        it1.provisioned_id,
      ])
    ).rows[0];
    expect(where).toEqual({ name: 'fra-sim' });
    const service = (
      await s.db.owner.query(
        `SELECT trial_until = (date_trunc('month', current_date) + interval '1 month - 1 day')::date AS month_end FROM services WHERE provisioned_id = $1`,
        [it1.provisioned_id],
      )
    ).rows[0];
    expect(service).toEqual({ month_end: true });
    const history = (
      await s.db.owner.query(
        `SELECT change_type FROM services_history h JOIN services x USING (equipment_id) WHERE x.provisioned_id = $1 ORDER BY history_id`,
        [it1.provisioned_id],
      )
    ).rows;
    expect(history.map((h) => h.change_type)).toEqual(['created', 'trial-started']);
  });

  it('leaves the items of an unpaid order alone', async () => {
    const { itemId, orderId } = await paidItem();
    await s.db.owner.query(`UPDATE orders SET status = 'awaiting_payment' WHERE id = $1`, [orderId]);
    expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId })).status).toBe(JobStatus.Skipped);
    expect(await item(itemId)).toMatchObject({ status: 'pending', provisioned_id: null });
  });
});

describe('addresses from the location’s pools', () => {
  const addressesOf = async (provisionedId: number) =>
    (
      await s.db.owner.query<{ ipv4: string | null; ipv6: string | null }>(
        `SELECT host(ipv4) AS ipv4, host(ipv6) AS ipv6 FROM vms WHERE provisioned_id = $1`,
        [provisionedId],
      )
    ).rows[0]!;

  it('gives every ordered server a free IPv6 and IPv4 address of its location, never one another server holds, and hands them to the cluster', async () => {
    const made: Array<{ ipv4: string | null; ipv6: string | null; vmid: number }> = [];
    // Created at the same time: the pools' lock keeps them from taking the same address.
    const items = await Promise.all([paidItem(), paidItem(), paidItem({ location: 'frankfurt' })]);
    const runs = await Promise.all(items.map((i) => runJob(JobName.OrderProvision, s.jobDeps(), { itemId: i.itemId })));
    runs.forEach((r) => expect(r.status, r.detail).toBe(JobStatus.Success));
    const sim = createSimulatorHypervisor(s.db.owner);
    for (const i of items) {
      const it1 = await item(i.itemId);
      const a = await addressesOf(it1.provisioned_id);
      made.push({ ...a, vmid: it1.vmid });
      expect((await sim.cloudInit(it1.vmid)).ipconfig).toBe(
        a.ipv4!.startsWith('185.66.10.')
          ? `ip=${a.ipv4}/24,gw=185.66.10.1,ip6=${a.ipv6}/64,gw6=2a0e:1d80:10::1`
          : `ip=${a.ipv4}/24,gw=91.198.40.1,ip6=${a.ipv6}/64,gw6=2a0e:1d80:20::1`,
      );
    }
    expect(made[0]!.ipv4).toMatch(/^185\.66\.10\.\d+$/);
    expect(made[0]!.ipv6).toMatch(/^2a0e:1d80:10::/);
    expect(made[2]!.ipv4).toMatch(/^91\.198\.40\.\d+$/);
    expect(made[2]!.ipv6).toMatch(/^2a0e:1d80:20::/);
    // No address is held twice by servers that are not deleted, and no server holds a gateway.
    const dupes = await s.db.owner.query(
      `SELECT a FROM (SELECT ipv4 AS a FROM vms WHERE state <> 'deleted' AND ipv4 IS NOT NULL
                      UNION ALL SELECT ipv6 FROM vms WHERE state <> 'deleted' AND ipv6 IS NOT NULL) x
        GROUP BY a HAVING count(*) > 1 OR a IN (SELECT gateway FROM ip_pools)`,
    );
    expect(dupes.rows).toEqual([]);
    // A deleted server's address is free again: the next order takes the lowest free one.
    const lowest = [made[0]!.ipv4!, made[1]!.ipv4!].sort((x, y) => Number(x.split('.')[3]) - Number(y.split('.')[3]))[0]!;
    await s.db.owner.query(`UPDATE vms SET state = 'deleted', deleted_at = now() WHERE ipv4 = $1::inet`, [lowest]);
    const next = await paidItem();
    expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId: next.itemId })).status).toBe(JobStatus.Success);
    expect((await addressesOf((await item(next.itemId)).provisioned_id)).ipv4).toBe(lowest);
  });

  it('fails the order, keeping no server, when the location has no free address left', async () => {
    const pool = (
      await s.db.owner.query(
        `SELECT id, host(last_host) AS last FROM ip_pools WHERE location_id = 'frankfurt' AND family = 4 AND NOT private`,
      )
    ).rows[0]!;
    // The pool shrunk to the demo server's own address (91.198.40.13): nothing is free.
    await s.db.owner.query(`UPDATE ip_pools SET first_host = '91.198.40.13', last_host = '91.198.40.13' WHERE id = $1`, [
      pool.id,
    ]);
    try {
      const { itemId, orderId } = await paidItem({ location: 'frankfurt' });
      expect((await runJob(JobName.OrderProvision, s.jobDeps(), { itemId })).status).toBe(JobStatus.Success);
      expect(await item(itemId)).toMatchObject({
        status: 'failed',
        provisioned_id: null,
        error: expect.stringContaining('No free IPv4 address is left in this location'),
      });
      expect(await orderStatus(orderId)).toBe('failed');
    } finally {
      await s.db.owner.query(`UPDATE ip_pools SET first_host = '91.198.40.2', last_host = $2 WHERE id = $1`, [
        pool.id,
        pool.last,
      ]);
    }
  });
});
