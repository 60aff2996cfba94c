import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { guestContract } from './hypervisor-contract-guest.js';
import { waitTask } from './hypervisor-contract.js';
import { createTestDatabase } from './harness.js';

// The guest-agent contract, with tasks that end at once and an agent that answers at once.
guestContract('simulator', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  const sim = createSimulatorHypervisor(pool, { taskDurationMs: 0, agentDelayMs: 0 });
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
    setAgentDelay: async (ms) => sim.setAgentDelay(ms),
    guestFile: (vmid, path) => sim.guestFile(vmid, path),
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('hypervisor simulator: guest', () => {
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

  it('keeps the guest in PostgreSQL, where another simulator instance finds it', async () => {
    const one = createSimulatorHypervisor(pool);
    const vmid = await one.createVm({ node: 'pve1', name: 'guest-shared', power: 'RUNNING' });
    await one.writeGuestFile(vmid, '/etc/hostname', 'guest-shared\n', 0o644);
    await one.guestExec(vmid, ['systemctl', 'enable', 'wg-quick@wg0']);
    const two = createSimulatorHypervisor(pool);
    expect(await two.guestFile(vmid, '/etc/hostname')).toEqual({ content: 'guest-shared\n', mode: 0o644 });
    expect((await two.guestExec(vmid, ['systemctl', 'is-enabled', 'wg-quick@wg0'])).stdout).toBe('enabled\n');
    const rows = await pool.query(`SELECT path, mode FROM sim_guest_files WHERE vmid = $1`, [vmid]);
    expect(rows.rows).toEqual([{ path: '/etc/hostname', mode: 0o644 }]);
  });

  it('erases the guest with its VM, so a VM made again under the same id starts empty', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'guest-gone', power: 'RUNNING' });
    await sim.writeGuestFile(vmid, '/etc/wireguard/wg0.conf', '[Interface]\n', 0o600);
    await waitTask(sim, await sim.power(vmid, 'stop'));
    await waitTask(sim, await sim.delete(vmid));
    const again = await sim.createVm({ node: 'pve1', name: 'guest-gone', vmid, power: 'RUNNING' });
    expect(await sim.guestFile(again, '/etc/wireguard/wg0.conf')).toBeNull();
    expect((await pool.query(`SELECT 1 FROM sim_guest_state WHERE vmid = $1`, [vmid])).rowCount).toBe(0);
  });

  it('changes nothing in the guest when a program cannot be started', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'guest-missing', power: 'RUNNING' });
    await expect(sim.guestExec(vmid, ['apt-get', 'install', 'x'])).rejects.toThrow(/Failed to execute child process/);
    expect((await pool.query(`SELECT 1 FROM sim_guest_state WHERE vmid = $1`, [vmid])).rowCount).toBe(0);
  });
});
