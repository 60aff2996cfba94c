import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_RANGES } from '../src/drivers/hypervisor/hypervisor.js';
import { createSimulatorHypervisor, syntheticMetrics, type SimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { createTestDatabase } from './harness.js';
import { expectRefusal, hypervisorContract, waitTask } from './hypervisor-contract.js';

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
      expect((await second.inventory()).vms.find((v) => v.vmid === vmid)).toMatchObject({ name: 'survivor', power: 'RUNNING', locked: true });
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
    expect(await waitTask(sim, await sim.power(vmid, 'start'))).toMatchObject({ state: 'error', message: 'node pve1 unreachable' });
    expect((await sim.status(vmid)).power).toBe('STOPPED');
  });

  it('gives Proxmox-shaped UPIDs', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'upid' });
    expect(await sim.power(vmid, 'start')).toMatch(new RegExp(`^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmstart:${vmid}:root@pam:$`));
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
