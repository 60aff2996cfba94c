import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_RANGES } from '../src/drivers/hypervisor/hypervisor.js';
import { createSimulatorHypervisor, syntheticMetrics } from '../src/drivers/hypervisor/simulator.js';
import { checkSimPassword } from '../src/drivers/hypervisor/simulator-create.js';
import { createTestDatabase } from './harness.js';
import { expectRefusal, hypervisorContract, waitTask } from './hypervisor-contract.js';
import { CREATE_KEYS, CREATE_PASSWORD, createSpec } from './hypervisor-contract-create.js';

// The shared contract, with tasks that end at once.
hypervisorContract('simulator', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  const sim = createSimulatorHypervisor(pool, { taskDurationMs: 0 });
  await sim.addNode('pve1');
  await sim.addNode('pve2');
  return {
    driver: sim,
    createVm: (spec) => sim.createVm({ node: 'pve1', ...spec }),
    failNextTask: (vmid, message) => sim.failNextTask(vmid, message),
    failNextCreate: (node, message) => sim.failNextTaskOnNode(node, message),
    failNextNodeTask: (node, message) => sim.failNextTaskOnNode(node, message),
    holdTasks: async () => sim.setTaskDuration(3_600_000),
    async releaseTasks() {
      sim.setTaskDuration(0);
      await sim.finishRunningTasks();
    },
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('hypervisor simulator', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
    await createSimulatorHypervisor(pool).addNode('pve1');
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  it('keeps VMs, their state and tasks across driver instances (restarts)', async () => {
    const first = createSimulatorHypervisor(pool, { taskDurationMs: 0 });
    const vmid = await first.createVm({ node: 'pve1', name: 'survivor' });
    const task = await first.power(vmid, 'start');
    await first.lock(vmid, true);

    const other = new pg.Pool({ connectionString: tdb.ownerUrl, max: 2 });
    try {
      const second = createSimulatorHypervisor(other);
      expect((await second.inventory()).vms.find((v) => v.vmid === vmid)).toMatchObject({
        name: 'survivor',
        power: 'RUNNING',
        locked: true,
      });
      expect((await second.task(task)).state).toBe('ok');
    } finally {
      await other.end();
    }
  });

  it('runs tasks for the configured time, finishing them lazily once due', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 5000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'slow-start' });
    const id = await sim.power(vmid, 'start');
    expect(await sim.task(id)).toEqual({ id, state: 'running', message: null });
    expect((await sim.status(vmid)).power).toBe('STOPPED');
    clock = new Date(clock.getTime() + 4999);
    expect((await sim.task(id)).state).toBe('running');
    clock = new Date(clock.getTime() + 1);
    expect((await sim.task(id)).state).toBe('ok');
    clock = new Date(clock.getTime() + 90_000);
    expect(await sim.status(vmid)).toMatchObject({ power: 'RUNNING', uptimeSeconds: 90 });
    // A due task is settled by whichever instance looks first, e.g. one that never started it.
    const stop = await sim.power(vmid, 'stop');
    clock = new Date(clock.getTime() + 5000);
    expect((await createSimulatorHypervisor(pool, { now: () => clock }).status(vmid)).power).toBe('STOPPED');
    expect((await sim.task(stop)).state).toBe('ok');
  });

  it('fails every task when told to (failAllTasks)', async () => {
    const sim = createSimulatorHypervisor(pool, { failAllTasks: 'node pve1 unreachable' });
    const vmid = await sim.createVm({ node: 'pve1', name: 'all-fail' });
    expect(await waitTask(sim, await sim.power(vmid, 'start'))).toMatchObject({
      state: 'error',
      message: 'node pve1 unreachable',
    });
    expect((await sim.status(vmid)).power).toBe('STOPPED');
  });

  it('gives Proxmox-shaped UPIDs', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'upid' });
    expect(await sim.power(vmid, 'start')).toMatch(
      new RegExp(`^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmstart:${vmid}:root@pam:$`),
    );
  });

  it('makes deterministic metrics: same VM and time, same points; another VM, other points', async () => {
    const at = new Date('2026-03-01T12:34:56Z');
    const sim = createSimulatorHypervisor(pool, { now: () => at });
    const a = await sim.createVm({ node: 'pve1', name: 'metrics-a', memoryMb: 4096 });
    const b = await sim.createVm({ node: 'pve1', name: 'metrics-b', memoryMb: 4096 });
    for (const range of ['1h', '1d', '1w', '1m'] as const) {
      const m = await sim.metrics(a, range);
      expect(m).toHaveLength(METRICS_RANGES[range].points);
      expect(m.at(-1)!.time % METRICS_RANGES[range].stepSeconds).toBe(0);
      expect(m.at(-1)!.time).toBeLessThanOrEqual(at.getTime() / 1000);
      expect(await sim.metrics(a, range)).toEqual(m);
      expect(await sim.metrics(b, range)).not.toEqual(m);
    }
    // Bucket-seeded: a minute later the 1 h window shifts by one point and the overlap is unchanged.
    const now = syntheticMetrics(a, 1, 4096, '1h', at);
    const later = syntheticMetrics(a, 1, 4096, '1h', new Date(at.getTime() + 60_000));
    expect(later.slice(0, 59)).toEqual(now.slice(1));
    // Not flat: values vary over the day.
    expect(new Set(syntheticMetrics(a, 1, 4096, '1d', at).map((p) => p.cpu)).size).toBeGreaterThan(100);
    await expectRefusal(sim.metrics(a, 'year' as never), 'BAD_PARAMETER', /timeframe/);
  });

  it('answers a creation at once and runs its clone and resize tasks for the task time, the VM locked (clone) meanwhile', async () => {
    let clock = new Date('2026-04-01T08:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 5000, now: () => clock });
    const spec = createSpec({ vmid: await sim.nextVmid(), node: 'pve1', name: 'slow-made.example' });
    const started = await sim.create(spec);
    expect(await sim.task(started.taskId!)).toEqual({ id: started.taskId, state: 'running', message: null });
    expect(await sim.status(spec.vmid!)).toMatchObject({ power: 'STOPPED', locked: true });
    expect((await sim.inventory()).vms.find((v) => v.vmid === spec.vmid)).toMatchObject({
      name: 'slow-made.example',
      locked: true,
    });
    for (const action of ['start', 'stop'] as const)
      await expectRefusal(sim.power(spec.vmid!, action), 'LOCKED', /^VM is locked \(clone\)$/);
    await expectRefusal(sim.delete(spec.vmid!), 'LOCKED', /^VM is locked \(clone\)$/);
    await expectRefusal(sim.rename(spec.vmid!, 'other'), 'LOCKED', /^VM is locked \(clone\)$/);
    await expectRefusal(sim.finishCreate(spec.vmid!, spec), 'LOCKED', /^VM is locked \(clone\)$/);
    // A re-run while the clone runs follows the same task.
    expect(await sim.create(spec)).toEqual(started);

    clock = new Date(clock.getTime() + 5000);
    expect((await sim.task(started.taskId!)).state).toBe('ok');
    expect(await sim.status(spec.vmid!)).toMatchObject({ power: 'STOPPED', locked: false });
    expect(await sim.config(spec.vmid!)).toMatchObject({ cores: 1, memoryMb: 1024, diskGb: 4, bios: 'seabios' });

    const resize = await sim.finishCreate(spec.vmid!, spec);
    expect(await sim.config(spec.vmid!)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 4 });
    clock = new Date(clock.getTime() + 4999);
    expect((await sim.task(resize!)).state).toBe('running');
    clock = new Date(clock.getTime() + 1);
    expect((await sim.task(resize!)).state).toBe('ok');
    expect((await sim.config(spec.vmid!)).diskGb).toBe(12);
  });

  it('records the first-boot data (hostname, user, keys) and keeps the password only as a salted hash', async () => {
    const sim = createSimulatorHypervisor(pool);
    const spec = createSpec({ vmid: await sim.nextVmid(), node: 'pve1', name: 'web-7.example' });
    await sim.create(spec);
    await sim.finishCreate(spec.vmid!, spec);
    const ci = await sim.cloudInit(spec.vmid!);
    expect(ci).toEqual({
      hostname: 'web-7.example',
      image: 'debian-12',
      user: 'root',
      sshKeys: CREATE_KEYS,
      passwordHash: expect.stringMatching(/^scrypt\$/),
      ipconfig: 'ip=dhcp',
    });
    expect(await checkSimPassword(ci.passwordHash!, CREATE_PASSWORD)).toBe(true);
    expect(await checkSimPassword(ci.passwordHash!, 'wrong')).toBe(false);
    // A second write salts anew; the plain text is nowhere in the simulator's tables.
    await sim.finishCreate(spec.vmid!, spec);
    expect((await sim.cloudInit(spec.vmid!)).passwordHash).not.toBe(ci.passwordHash);
    const rows = await pool.query(
      `SELECT (SELECT string_agg(v::text, ' ') FROM sim_vms v) || (SELECT string_agg(t::text, ' ') FROM sim_tasks t) AS all`,
    );
    expect(rows.rows[0].all).not.toContain(CREATE_PASSWORD);
    expect(rows.rows[0].all).not.toContain('horse');
  });

  it('sets Windows up for cloudbase-init: Administrator, OVMF as its template, the 40 GB minimum', async () => {
    const sim = createSimulatorHypervisor(pool);
    const spec = createSpec({
      vmid: await sim.nextVmid(),
      node: 'pve1',
      name: 'win-1',
      image: 'windows-2022',
      diskGb: 40,
      sshKeys: [],
    });
    await sim.create(spec);
    expect(await sim.finishCreate(spec.vmid!, spec)).toBeNull();
    expect(await sim.config(spec.vmid!)).toMatchObject({ diskGb: 40, bios: 'ovmf' });
    expect(await sim.cloudInit(spec.vmid!)).toMatchObject({ user: 'Administrator', sshKeys: [], image: 'windows-2022' });
  });

  it('hands out each vmid once, skipping ids taken by hand, and takes only online nodes of its cluster', async () => {
    const sim = createSimulatorHypervisor(pool);
    const a = await sim.nextVmid();
    await sim.createVm({ node: 'pve1', name: 'by-hand', vmid: a + 1 });
    const b = await sim.nextVmid();
    expect(b).toBeGreaterThan(a + 1);
    await sim.addNode('sim-down', false);
    await sim.addNode('sim-up');
    const scoped = createSimulatorHypervisor(pool, { nodes: ['sim-down', 'sim-up'] });
    await expectRefusal(scoped.create(createSpec({ node: 'sim-down' })), 'INVALID_STATE', /^node 'sim-down' is offline$/);
    await expectRefusal(scoped.create(createSpec({ node: 'pve1' })), 'NOT_FOUND', /no such cluster node 'pve1'/);
    expect((await scoped.create(createSpec({ name: 'scoped-made' }))).node).toBe('sim-up');
    await sim.addNode('sim-up', false);
    await expectRefusal(scoped.create(createSpec({ name: 'nowhere' })), 'INVALID_STATE', /no online node/);
  });

  it('fails a creation through failAllTasks and removes the VM it was making', async () => {
    const sim = createSimulatorHypervisor(pool, { failAllTasks: 'node pve1 unreachable' });
    const started = await sim.create(createSpec({ node: 'pve1', name: 'never-made' }));
    expect(await waitTask(sim, started.taskId!)).toMatchObject({ state: 'error', message: 'node pve1 unreachable' });
    await expectRefusal(sim.status(started.vmid), 'NOT_FOUND', /does not exist/);
  });

  it('keeps its tables away from the application role', async () => {
    const app = new pg.Client({ connectionString: tdb.appUrl });
    await app.connect();
    try {
      for (const t of ['sim_nodes', 'sim_vms', 'sim_tasks']) {
        await expect(app.query(`SELECT 1 FROM ${t}`)).rejects.toThrow(/permission denied/);
      }
    } finally {
      await app.end();
    }
  });
});
