import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { CREATE_PASSWORD, createSpec } from './hypervisor-contract-create.js';
import { lifecycleContract } from './hypervisor-contract-lifecycle.js';
import { createTestDatabase } from './harness.js';

// The lifecycle contract, with tasks that end at once and a guest agent that answers at once.
lifecycleContract('simulator', async () => {
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
    guestPasswordIs: (vmid, user, password) => sim.checkConsoleLogin(vmid, user, password),
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('hypervisor simulator: lifecycle', () => {
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

  const row = async (vmid: number) => (await pool.query(`SELECT * FROM sim_vms WHERE vmid = $1`, [vmid])).rows[0];

  it('answers the guest agent only once the VM has run for the agent delay, again after a reboot', async () => {
    let clock = new Date('2026-06-01T08:00:00Z');
    const sim = createSimulatorHypervisor(pool, { agentDelayMs: 20_000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'agent-boot' });
    await waitTask(sim, await sim.power(vmid, 'start'));
    clock = new Date(clock.getTime() + 19_999);
    await expectRefusal(sim.setUserPassword(vmid, 'root', 'boot-time'), 'INVALID_STATE', /^QEMU guest agent is not running$/);
    clock = new Date(clock.getTime() + 1);
    await sim.setUserPassword(vmid, 'root', 'boot-time');
    await waitTask(sim, await sim.power(vmid, 'reboot'));
    await expectRefusal(sim.setUserPassword(vmid, 'root', 'after-reboot'), 'INVALID_STATE', /guest agent is not running/);
    expect(await sim.checkConsoleLogin(vmid, 'root', 'boot-time')).toBe(true);
  });

  it('takes the agent delay from the task duration when none is given', async () => {
    let clock = new Date('2026-06-01T09:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 3000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'agent-default', power: 'RUNNING' });
    await expectRefusal(sim.setUserPassword(vmid, 'root', 'too-early'), 'INVALID_STATE', /guest agent is not running/);
    clock = new Date(clock.getTime() + 3000);
    await sim.setUserPassword(vmid, 'root', 'in-time');
  });

  it('keeps guest passwords only as salted scrypt hashes, per user, and knows only the guest’s users', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'hashed-pw', power: 'RUNNING' });
    await sim.setUserPassword(vmid, 'root', 'plain-text-never');
    const stored = (await row(vmid)).guest_passwords;
    expect(Object.keys(stored)).toEqual(['root']);
    expect(stored.root).toMatch(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(await row(vmid))).not.toContain('plain-text-never');
    await sim.setUserPassword(vmid, 'root', 'plain-text-never');
    expect((await row(vmid)).guest_passwords.root).not.toBe(stored.root);
    await expectRefusal(
      sim.setUserPassword(vmid, 'Administrator', 'windows-only'),
      'BAD_PARAMETER',
      /'Administrator' does not exist/,
    );
    await expectRefusal(sim.setUserPassword(vmid, 'bad user', 'whatever'), 'BAD_PARAMETER', /username/);
    await expect(pool.query(`UPDATE sim_vms SET guest_passwords = '{"root":"hunter2"}' WHERE vmid = $1`, [vmid])).rejects.toThrow(
      /check constraint/,
    );
  });

  it('logs the console in with cloud-init’s password until the agent sets another', async () => {
    const sim = createSimulatorHypervisor(pool);
    const spec = createSpec({ vmid: await sim.nextVmid(), node: 'pve1', name: 'console-login' });
    await sim.create(spec);
    await sim.finishCreate(spec.vmid!, spec);
    await waitTask(sim, await sim.power(spec.vmid!, 'start'));
    expect(await sim.checkConsoleLogin(spec.vmid!, 'root', CREATE_PASSWORD)).toBe(true);
    expect(await sim.checkConsoleLogin(spec.vmid!, 'root', 'guess')).toBe(false);
    expect(await sim.checkConsoleLogin(spec.vmid!, 'admin', CREATE_PASSWORD)).toBe(false);
    await sim.setUserPassword(spec.vmid!, 'root', 'reset-by-agent');
    expect(await sim.checkConsoleLogin(spec.vmid!, 'root', CREATE_PASSWORD)).toBe(false);
    expect(await sim.checkConsoleLogin(spec.vmid!, 'root', 'reset-by-agent')).toBe(true);
    // A VM set up by hand has no password at all.
    const bare = await sim.createVm({ node: 'pve1', name: 'no-password', power: 'RUNNING' });
    expect(await sim.checkConsoleLogin(bare, 'root', '')).toBe(false);
  });

  it('sets Windows’ Administrator, not root', async () => {
    const sim = createSimulatorHypervisor(pool);
    const spec = createSpec({ vmid: await sim.nextVmid(), node: 'pve1', name: 'win-agent', image: 'windows-2022', diskGb: 40 });
    await sim.create(spec);
    await sim.finishCreate(spec.vmid!, spec);
    await waitTask(sim, await sim.power(spec.vmid!, 'start'));
    await expectRefusal(sim.setUserPassword(spec.vmid!, 'root', 'no-root-here'), 'BAD_PARAMETER', /'root' does not exist/);
    await sim.setUserPassword(spec.vmid!, 'Administrator', 'Adm1n-pass');
    expect(await sim.checkConsoleLogin(spec.vmid!, 'Administrator', 'Adm1n-pass')).toBe(true);
  });

  it('runs a copy longer the larger its disk, the source under the lock clone, and gives the copy its own MAC', async () => {
    let clock = new Date('2026-06-02T10:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 8000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'copy-timed', power: 'RUNNING', cores: 3, diskGb: 40 });
    clock = new Date(clock.getTime() + 8000);
    await sim.setUserPassword(vmid, 'root', 'copied-along');
    await sim.snapshot(vmid, 'stays', '');
    clock = new Date(clock.getTime() + 8000);
    const newVmid = await sim.nextVmid();
    const task = (await sim.cloneVm(vmid, newVmid, 'copy-timed-2'))!;
    expect(await sim.status(vmid)).toMatchObject({ power: 'RUNNING', locked: true });
    await expectRefusal(sim.power(vmid, 'stop'), 'LOCKED', /^VM is locked \(clone\)$/);
    await expectRefusal(sim.power(newVmid, 'start'), 'LOCKED', /^VM is locked \(clone\)$/);
    expect(await sim.cloneVm(vmid, newVmid, 'copy-timed-2')).toBe(task);
    // 40 GB: three task times.
    clock = new Date(clock.getTime() + 23_999);
    expect((await sim.task(task)).state).toBe('running');
    clock = new Date(clock.getTime() + 1);
    expect((await sim.task(task)).state).toBe('ok');
    expect(await sim.status(vmid)).toMatchObject({ power: 'RUNNING', locked: false });
    const [src, copy] = [await row(vmid), await row(newVmid)];
    expect(copy).toMatchObject({
      node: 'pve1',
      power: 'STOPPED',
      cores: 3,
      pve_lock: null,
      guest_passwords: src.guest_passwords,
    });
    expect(copy.mac).toMatch(/^BC:24:11:[0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}$/);
    expect(copy.mac).not.toBe(src.mac);
    expect(await sim.snapshots(newVmid)).toEqual([]);
    expect(await sim.checkConsoleLogin(newVmid, 'root', 'copied-along')).toBe(true);
  });

  it('leaves the source free and no copy behind when the copy fails', async () => {
    const sim = createSimulatorHypervisor(pool, { failAllTasks: 'clone failed: no space left on device' });
    const vmid = await sim.createVm({ node: 'pve1', name: 'copy-fails' });
    const newVmid = await sim.nextVmid();
    expect(await waitTask(sim, (await sim.cloneVm(vmid, newVmid, 'copy-fails-2'))!)).toMatchObject({
      state: 'error',
      message: 'clone failed: no space left on device',
    });
    expect(await row(newVmid)).toBeUndefined();
    expect(await row(vmid)).toMatchObject({ pve_lock: null });
    expect(await waitTask(sim, (await sim.setTpm(vmid, true))!)).toMatchObject({ state: 'error' });
    expect((await sim.config(vmid)).tpm).toBe(false);
  });

  it('applies a firmware change only when its task ends', async () => {
    let clock = new Date('2026-06-03T10:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 4000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'slow-efi' });
    const task = (await sim.setBios(vmid, 'ovmf'))!;
    expect(task).toMatch(new RegExp(`^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmconfig:${vmid}:root@pam:$`));
    expect((await sim.config(vmid)).bios).toBe('seabios');
    clock = new Date(clock.getTime() + 4000);
    expect((await sim.task(task)).state).toBe('ok');
    expect((await sim.config(vmid)).bios).toBe('ovmf');
  });

  it('keeps the addresses in cloud-init’s ipconfig0 wording', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'ipconfig-words' });
    await sim.setNetwork(vmid, {
      ipv4: { address: '203.0.113.9', prefix: 25, gateway: '203.0.113.1' },
      ipv6: { address: '2001:db8::9', prefix: 64, gateway: '2001:db8::1' },
    });
    expect((await sim.cloudInit(vmid)).ipconfig).toBe('ip=203.0.113.9/25,gw=203.0.113.1,ip6=2001:db8::9/64,gw6=2001:db8::1');
  });
});
