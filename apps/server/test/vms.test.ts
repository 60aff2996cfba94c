/**
 * Cloud VMs through real HTTP on the seeded simulated clusters: MyVMs2 (columns, cost breakdown,
 * isolation, claims), the power, lock, rename and delete calls with the spec's rules and messages,
 * the operation jobs (one open operation per VM, failures and the state time-out, idempotent
 * re-runs), live messages and the audit log, the cluster sync's activity levels, the sweeper, and
 * the staff registration of clusters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, scalar } from './factories.js';
import { createTestVm, vmByName } from './vm-factories.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
  // The seeded servers were last seen when the template database was made: a cluster sync now.
  await syncClusters();
});
afterAll(async () => s?.stop());

/** The recurring job `clusters.sync`, run once as a worker would. */
const syncClusters = async () => expect((await runJob(JobName.ClusterSync, s.jobDeps(), {})).status).toBe(JobStatus.Success);

const vmRow = async (token: string, id: number) => (await s.get(`MyVMs2?provisioned_id=eq.${id}`, token)).body[0];
let serial = 0;
const fresh = (over: Partial<Parameters<typeof createTestVm>[1]> = {}) =>
  createTestVm(s.db, { clientId: demoClient, name: `t${Date.now().toString(36)}${serial++}`, ...over });

describe('GET /api/MyVMs2', () => {
  it('lists the demo servers in both locations with the spec fields', async () => {
    const rows = (await s.get('MyVMs2?order=provisioned_id', demo)).body as Array<Record<string, unknown>>;
    const demoNames = ['web-1.demo.example', 'db-1.demo.example', 'build-runner', 'win-desktop', 'staging-api'];
    expect(rows.map((r) => r.name).filter((n) => demoNames.includes(n as string))).toEqual(demoNames);
    expect(new Set(rows.map((r) => r.location))).toEqual(new Set(['lisbon', 'frankfurt']));
    const db1 = rows.find((r) => r.name === 'db-1.demo.example')!;
    expect(db1).toMatchObject({
      model_name: 'S4R16',
      cores: 4,
      ram_gb: 16,
      locked: 'on',
      power_status: 'RUNNING',
      state: 'active',
      active_status: 'OK',
      ip: '185.66.10.22',
      cluster: 'lis-sim',
      operation: null,
    });
    expect(db1.mac).toMatch(/^BC:24:11:/);
  });

  it('computes the cost breakdown in cents: voucher on the base only, 0.03 €/GB extra disk, backups +20%, snapshots, IPv4', async () => {
    const db1 = (await s.get('MyVMs2?name=eq.db-1.demo.example', demo)).body[0];
    // S4R16 dedicated-performance: 6400 cents; WELCOME10 takes 10% off the base only.
    expect(db1.location).toBe('lisbon');
    expect(db1.cost_breakdown).toEqual({
      model: 'S4R16',
      list_price: 6400,
      discount_percent: 10,
      base_cost: 5760,
      additional_disk_gb: 100,
      additional_disk_cost_per_gb: 3,
      additional_disk_cost_total: 300,
      backup_cost: 1280,
      snapshots_gb: 20,
      snapshots_cost: 60,
      external_ip_cost: 150,
      total_cost: 5760 + 300 + 1280 + 60 + 150,
    });
  });

  it('prices a server from its location’s price list: Frankfurt’s is 15% dearer', async () => {
    const rows = (await s.get('MyVMs2?select=location,model_name,core_type,cost_breakdown', demo)).body as Array<{
      location: string;
      model_name: string;
      core_type: string;
      cost_breakdown: { list_price: number };
    }>;
    const fra = rows.find((r) => r.location === 'frankfurt')!;
    expect(fra).toBeDefined();
    const lis = await s.db.owner.query<{ cents: number }>(
      `SELECT vp.monthly_price_cents AS cents FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id
        WHERE m.code = $1 AND m.core_type = $2 AND vp.location_id = 'lisbon'`,
      [fra.model_name, fra.core_type],
    );
    expect(fra.cost_breakdown.list_price).toBe(Math.round(lis.rows[0]!.cents * 1.15));
  });

  it('shows each account only its own servers, and needs menu-see-cloud-servers', async () => {
    const mine = (await s.get('MyVMs2?select=provisioned_id', demo)).body.map(
      (r: { provisioned_id: number }) => r.provisioned_id,
    );
    const theirs = (await s.get('MyVMs2?select=provisioned_id,name', other)).body;
    expect(theirs.map((r: { name: string }) => r.name)).toEqual(['olga-app']);
    for (const id of mine) expect((await s.get(`MyVMs2?provisioned_id=eq.${id}`, other)).body).toEqual([]);
    const sub = await createSubUser(s, demoClient, { claims: [] });
    expectErrorShape(await s.get('MyVMs2', await s.login(sub.email, sub.password)), 403, 'CLAIM_REQUIRED');
  });
});

describe('power operations', () => {
  it('starts a stopped server: PRE-START at once, RUNNING after the job, with live messages and a log entry', async () => {
    const { provisionedId } = await fresh();
    const r = await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ operation_id: expect.any(String), action: 'start' });
    await s.jobsIdle();
    expect(await vmRow(demo, provisionedId)).toMatchObject({ power_status: 'RUNNING', operation: null, active_status: 'OK' });
    const msgs = await s.db.owner.query(`SELECT kind, payload FROM hub_messages WHERE provisioned_id = $1 ORDER BY id`, [
      provisionedId,
    ]);
    const power = msgs.rows.filter((m) => m.kind === 'power').map((m) => [m.payload.status, m.payload.stage]);
    expect(power).toEqual([
      ['queued', 'pre-start'],
      ['running', 'running-start'],
      ['ok', 'post-start'],
    ]);
    const terminal = msgs.rows
      .filter((m) => m.kind === 'terminal')
      .map((m) => Buffer.from(m.payload.message, 'base64').toString());
    expect(terminal).toEqual(['Start requested', 'Starting server', 'Server started']);
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE action = 'VmStart' AND target LIKE $1 AND result = 'ok'`, [
        `server "%" (#${provisionedId})`,
      ]),
    ).toBe(1);
    expect(
      await scalar(s, `SELECT count(*) FROM vm_operations WHERE provisioned_id = $1 AND status = 'succeeded'`, [provisionedId]),
    ).toBe(1);
  });

  it('stops, reboots, resets and power-cycles a running server', async () => {
    const { provisionedId, vmid } = await fresh({ power: 'RUNNING' });
    for (const name of ['VmReboot', 'VmReset', 'VmPowerCycle', 'VmStop']) {
      expect((await s.rpc(name, { p_provisioned_id: provisionedId }, demo)).status, name).toBe(200);
      await s.jobsIdle();
    }
    expect((await vmRow(demo, provisionedId)).power_status).toBe('STOPPED');
    const tasks = await s.db.owner.query(`SELECT type FROM sim_tasks WHERE vmid = $1 ORDER BY id`, [vmid]);
    expect(tasks.rows.map((t) => t.type)).toEqual(['qmreboot', 'qmreset', 'qmstop', 'qmstart', 'qmstop']);
  });

  it('refuses by the spec’s rules with its messages, changing nothing', async () => {
    const locked = await fresh({ power: 'RUNNING', locked: true });
    for (const name of ['VmStop', 'VmReboot', 'VmReset', 'VmPowerCycle']) {
      const r = await s.rpc(name, { p_provisioned_id: locked.provisionedId }, demo);
      expectErrorShape(r, 409, 'VM_LOCKED');
      expect(r.body.message).toBe('Server must be unlocked before performing this operation');
    }
    expectErrorShape(await s.rpc('VmStart', { p_provisioned_id: locked.provisionedId }, demo), 409, 'VM_STATE');
    const del = await s.rpc('VmDelete', { p_provisioned_id: locked.provisionedId }, demo);
    expectErrorShape(del, 409, 'VM_DELETE_NOT_ALLOWED');
    expect(del.body.message).toBe('You must TURN OFF and UNLOCK the machine before DELETE');
    const stopped = await fresh();
    expectErrorShape(await s.rpc('VmReboot', { p_provisioned_id: stopped.provisionedId }, demo), 409, 'VM_STATE');
    expect(
      await scalar(s, `SELECT count(*) FROM vm_operations WHERE provisioned_id IN ($1, $2)`, [
        locked.provisionedId,
        stopped.provisionedId,
      ]),
    ).toBe(0);
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE action = 'VmStop' AND target LIKE $1 AND result = 'error'`, [
        `server "%" (#${locked.provisionedId})`,
      ]),
    ).toBe(1);
  });

  it('answers Operation in progress while one runs, and the lost-contact text when the server is LOST', async () => {
    const { provisionedId } = await fresh();
    await s.db.owner.query(`INSERT INTO vm_operations (client_id, provisioned_id, action) VALUES ($1, $2, 'lock')`, [
      demoClient,
      provisionedId,
    ]);
    const busy = await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo);
    expectErrorShape(busy, 409, 'VM_OPERATION_IN_PROGRESS');
    expect(busy.body.message).toBe('Operation in progress');
    await s.db.owner.query(`DELETE FROM vm_operations WHERE provisioned_id = $1`, [provisionedId]);
    await s.db.owner.query(`UPDATE vms SET last_seen_at = now() - interval '2 hours' WHERE provisioned_id = $1`, [provisionedId]);
    const lost = await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo);
    expectErrorShape(lost, 409, 'VM_CONTACT_LOST');
    expect(lost.body.message).toBe(
      'Server status: We are not able to perform this operation. We lost the contact with the server. This is NOT related to power status.',
    );
  });

  it('fails the operation with the cluster’s words when its task fails, and shows the real state', async () => {
    const { provisionedId, vmid } = await fresh();
    await createSimulatorHypervisor(s.db.owner).failNextTask(vmid, 'start failed: QEMU exited with code 1');
    expect((await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo)).status).toBe(200);
    await s.jobsIdle();
    expect(await vmRow(demo, provisionedId)).toMatchObject({ power_status: 'STOPPED', operation: null });
    const op = await s.db.owner.query(`SELECT status, message FROM vm_operations WHERE provisioned_id = $1`, [provisionedId]);
    expect(op.rows).toEqual([{ status: 'failed', message: 'start failed: QEMU exited with code 1' }]);
    const last = await s.db.owner.query(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = 'power' ORDER BY id DESC LIMIT 1`,
      [provisionedId],
    );
    expect(last.rows[0].payload).toMatchObject({
      status: 'error',
      message: 'The cluster answered: start failed: QEMU exited with code 1',
      text_key: 'terminal:ops.failed.cluster',
      text_params: { reason: 'start failed: QEMU exited with code 1' },
      state: 'STOPPED',
    });
  });

  it('answers 404 to every call on another account’s server and changes nothing', async () => {
    const theirs = (await s.get('MyVMs2?select=provisioned_id', other)).body[0].provisioned_id;
    for (const name of ['VmStart', 'VmStop', 'VmReboot', 'VmReset', 'VmPowerCycle', 'VmLockToggle', 'VmDelete']) {
      expectErrorShape(await s.rpc(name, { p_provisioned_id: theirs }, demo), 404, 'NotFound');
    }
    expectErrorShape(await s.rpc('VmRename', { p_provisioned_id: theirs, p_name: 'stolen' }, demo), 404, 'NotFound');
    expectErrorShape(await s.rpc('VmGraphData', { p_provisioned_id: theirs, p_range: '1h' }, demo), 404, 'NotFound');
    expect(await scalar(s, `SELECT count(*) FROM vm_operations WHERE provisioned_id = $1`, [theirs])).toBe(0);
  });
});

describe('lock, rename, delete, graphs', () => {
  it('toggles the lock on and off on the cluster too', async () => {
    const { provisionedId, vmid } = await fresh();
    await s.rpc('VmLockToggle', { p_provisioned_id: provisionedId }, demo);
    await s.jobsIdle();
    expect((await vmRow(demo, provisionedId)).locked).toBe('on');
    expect((await createSimulatorHypervisor(s.db.owner).status(vmid)).locked).toBe(true);
    await s.rpc('VmLock', { p_provisioned_id: provisionedId, p_lock: 'off' }, demo);
    await s.jobsIdle();
    expect((await vmRow(demo, provisionedId)).locked).toBe('off');
  });

  it('renames with the DNS-name rule; the same name is refused as unchanged', async () => {
    const { provisionedId, vmid } = await fresh();
    const bad = await s.rpc('VmRename', { p_provisioned_id: provisionedId, p_name: 'web-.example' }, demo);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_name: hostname_labels_invalid');
    expect((await s.rpc('VmRename', { p_provisioned_id: provisionedId, p_name: 'app-2.example.com' }, demo)).status).toBe(200);
    await s.jobsIdle();
    expect((await vmRow(demo, provisionedId)).name).toBe('app-2.example.com');
    expect((await createSimulatorHypervisor(s.db.owner).inventory()).vms.find((v) => v.vmid === vmid)?.name).toBe(
      'app-2.example.com',
    );
    expectErrorShape(
      await s.rpc('VmRename', { p_provisioned_id: provisionedId, p_name: 'app-2.example.com' }, demo),
      409,
      'NAME_UNCHANGED',
    );
  });

  it('deletes a stopped, unlocked server: gone from the list and the cluster; needs vm-settings-delete', async () => {
    const { provisionedId, vmid } = await fresh();
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    expectErrorShape(
      await s.rpc('VmDelete', { p_provisioned_id: provisionedId }, await s.login(sub.email, sub.password)),
      403,
      'CLAIM_REQUIRED',
    );
    expect((await s.rpc('VmDelete', { p_provisioned_id: provisionedId }, demo)).status).toBe(200);
    await s.jobsIdle();
    expect(await vmRow(demo, provisionedId)).toBeUndefined();
    expect(await scalar(s, `SELECT count(*) FROM vms WHERE provisioned_id = $1 AND state = 'deleted'`, [provisionedId])).toBe(1);
    expect(await scalar(s, `SELECT count(*) FROM sim_vms WHERE vmid = $1`, [vmid])).toBe(0);
  });

  it('answers graph data for each range with the driver’s point counts', async () => {
    const { provisionedId } = await fresh({ power: 'RUNNING' });
    for (const [range, n] of [
      ['1h', 60],
      ['1d', 288],
      ['1w', 168],
      ['1m', 120],
    ] as const) {
      const r = await s.rpc('VmGraphData', { p_provisioned_id: provisionedId, p_range: range }, demo);
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(n);
      expect(Object.keys(r.body[0]).sort()).toEqual(['cpu', 'diskread', 'diskwrite', 'maxmem', 'mem', 'netin', 'netout', 'time']);
    }
    expectErrorShape(
      await s.rpc('VmGraphData', { p_provisioned_id: provisionedId, p_range: '2h' }, demo),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('durable, idempotent jobs', () => {
  it('does nothing when a job for a finished operation runs again', async () => {
    const { provisionedId, vmid } = await fresh();
    const { operation_id } = (await s.rpc('VmStart', { p_provisioned_id: provisionedId }, demo)).body;
    await s.jobsIdle();
    const again = await runJob(JobName.VmOperation, s.jobDeps(), { operationId: operation_id });
    expect(again.status).toBe(JobStatus.Skipped);
    expect(await scalar(s, `SELECT count(*) FROM sim_tasks WHERE vmid = $1`, [vmid])).toBe(1);
  });

  it('takes over a crashed run: follows the recorded cluster task instead of starting another', async () => {
    const { provisionedId, vmid } = await fresh();
    const sim = createSimulatorHypervisor(s.db.owner);
    const upid = await sim.power(vmid, 'start');
    const op = await s.db.owner.query<{ id: string }>(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, status, started_at, driver_task, attempts, lease_until)
       VALUES ($1, $2, 'start', 'running', now(), $3, 1, now() - interval '1 second') RETURNING id`,
      [demoClient, provisionedId, upid],
    );
    const r = await runJob(JobName.VmOperation, s.jobDeps(), { operationId: op.rows[0]!.id });
    expect(r.status).toBe(JobStatus.Success);
    expect(await scalar(s, `SELECT count(*) FROM sim_tasks WHERE vmid = $1`, [vmid])).toBe(1);
    expect((await vmRow(demo, provisionedId)).power_status).toBe('RUNNING');
  });

  it('leaves an operation a live worker holds alone', async () => {
    const { provisionedId } = await fresh();
    const op = await s.db.owner.query<{ id: string }>(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, status, started_at, attempts, lease_until)
       VALUES ($1, $2, 'start', 'running', now(), 1, now() + interval '1 minute') RETURNING id`,
      [demoClient, provisionedId],
    );
    expect((await runJob(JobName.VmOperation, s.jobDeps(), { operationId: op.rows[0]!.id })).status).toBe(JobStatus.Skipped);
  });
});

describe('the state time-out', () => {
  let slow: TestServer;
  let token: string;
  beforeAll(async () => {
    slow = await startTestServer({
      rateLimit: NO_RATE_LIMIT,
      vms: { simTaskMs: 60_000, pollMs: 20, stateTimeoutMs: 400, heartbeatMs: 1000 },
    });
    token = await slow.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });
  afterAll(async () => slow?.stop());

  it('fails an operation whose state change does not arrive in time, with a clear message', async () => {
    const id = (await vmByName(slow.db, 'build-runner')).provisioned_id;
    expect((await slow.rpc('VmStart', { p_provisioned_id: id }, token)).status).toBe(200);
    await slow.jobsIdle();
    const op = await slow.db.owner.query(`SELECT status, message FROM vm_operations WHERE provisioned_id = $1`, [id]);
    expect(op.rows[0].status).toBe('failed');
    expect(op.rows[0].message).toBe(
      'The server did not reach the new state within 400 ms. Its state is shown as the cluster reports it.',
    );
    expect((await slow.get(`MyVMs2?provisioned_id=eq.${id}`, token)).body[0].operation).toBeNull();
  });
});

describe('cluster sync and sweeper (recurring jobs)', () => {
  it('walks the activity of servers on a silent node through WARNING and back to OK, and keeps prox_sync_success', async () => {
    const { provisionedId, vmid } = await fresh({ cluster: 'fra-sim' });
    const node = (await s.db.owner.query(`SELECT node FROM sim_vms WHERE vmid = $1`, [vmid])).rows[0].node;
    await s.db.owner.query(`UPDATE sim_nodes SET online = false WHERE name = $1`, [node]);
    await s.db.owner.query(`UPDATE vms SET last_seen_at = now() - interval '90 seconds' WHERE provisioned_id = $1`, [
      provisionedId,
    ]);
    await syncClusters();
    expect((await vmRow(demo, provisionedId)).active_status).toBe('WARNING');
    await s.db.owner.query(`UPDATE vms SET last_seen_at = now() - interval '7 minutes' WHERE provisioned_id = $1`, [
      provisionedId,
    ]);
    expect((await vmRow(demo, provisionedId)).active_status).toBe('CRITICAL');
    await s.db.owner.query(`UPDATE sim_nodes SET online = true WHERE name = $1`, [node]);
    await syncClusters();
    expect((await vmRow(demo, provisionedId)).active_status).toBe('OK');
    const profile = (await s.get('MyProfile', demo)).body[0];
    expect(profile.prox_sync_success).toBe(true);
  });

  it('picks up the power state the cluster reports when no operation is open', async () => {
    const { provisionedId, vmid } = await fresh();
    const sim = createSimulatorHypervisor(s.db.owner);
    await sim.power(vmid, 'start');
    await syncClusters();
    expect((await vmRow(demo, provisionedId)).power_status).toBe('RUNNING');
  });

  it('sends stranded operations again and gives up after repeated attempts', async () => {
    const a = await fresh();
    const b = await fresh();
    const stranded = await s.db.owner.query<{ id: string }>(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, created_at) VALUES ($1, $2, 'start', now() - interval '1 minute') RETURNING id`,
      [demoClient, a.provisionedId],
    );
    await s.db.owner.query(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, status, started_at, attempts, lease_until, created_at)
       VALUES ($1, $2, 'start', 'running', now(), 6, now() - interval '1 minute', now() - interval '5 minutes')`,
      [demoClient, b.provisionedId],
    );
    const sent: string[] = [];
    const jobs = { send: async (_n: JobName, d: unknown) => (sent.push((d as { operationId: string }).operationId), null) };
    const r = await runJob(JobName.VmSweepOperations, { ...s.jobDeps(), jobs }, {});
    expect(sent).toContain(stranded.rows[0]!.id);
    expect(r.status).toBe(JobStatus.Success);
    expect(r.detail).toMatch(/[1-9]\d* given up/);
    const given = await s.db.owner.query(`SELECT status, message FROM vm_operations WHERE provisioned_id = $1`, [
      b.provisionedId,
    ]);
    expect(given.rows[0]).toEqual({ status: 'failed', message: 'Gave up after 6 attempts: the cluster did not answer' });
  });
});

describe('staff: clusters', () => {
  it('registers a Proxmox cluster with its token secret sealed, never shown', async () => {
    const staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const secret = '6f1c2a4e-0d3b-4c55-9a7e-2b8d1e0f9a31';
    const body = {
      p_driver: 'proxmox',
      p_name: 'lis-pve',
      p_location: 'lisbon',
      p_api_url: 'https://pve.example.net:8006',
      p_token_id: 'portal@pve!portside',
      p_secret: secret,
    };
    expectErrorShape(await s.rpc('RegisterCluster', body, demo), 403, 'ROLE_REQUIRED');
    const r = await s.rpc('RegisterCluster', body, staff);
    expect(r.status).toBe(200);
    expect(
      await scalar(s, `SELECT count(*) FROM clusters WHERE name = 'lis-pve' AND secret_sealed NOT LIKE $1`, [`%${secret}%`]),
    ).toBe(1);
    const list = (await s.get('Clusters?name=eq.lis-pve', staff)).body;
    expect(list).toEqual([
      expect.objectContaining({ name: 'lis-pve', driver: 'proxmox', token_id: 'portal@pve!portside', vm_count: 0 }),
    ]);
    expect(JSON.stringify(list)).not.toContain(secret);
    expectErrorShape(await s.rpc('RegisterCluster', body, staff), 409, 'CLUSTER_NAME_TAKEN');
    const missing = await s.rpc('RegisterCluster', { ...body, p_name: 'x-pve', p_secret: undefined }, staff);
    expectErrorShape(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.details).toBe('p_secret: invalid_data');
    // The application role cannot read the sealed column at all.
    await expect(s.db.system((tx) => tx.query(`SELECT secret_sealed FROM clusters`))).rejects.toThrow(/permission denied/);
  });
});
