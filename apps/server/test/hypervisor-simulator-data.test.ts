import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { createTestDatabase } from './harness.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { bytes } from './hypervisor-contract-data.js';

describe('hypervisor simulator: backups, snapshots and ISO images', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
    await createSimulatorHypervisor(pool).addNode('pve1');
    await createSimulatorHypervisor(pool).addNode('pve2');
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  it('runs a backup for the task time under the lock backup, named by its start time', async () => {
    let clock = new Date('2026-05-02T01:30:07Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 5000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve1', name: 'timed-backup', diskGb: 20 });
    const task = await sim.backup(vmid, 'daily');
    expect(task).toMatch(new RegExp(`^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:vzdump:${vmid}:root@pam:$`));
    expect(await sim.status(vmid)).toMatchObject({ locked: true });
    await expectRefusal(sim.power(vmid, 'start'), 'LOCKED', /^VM is locked \(backup\)$/);
    await expectRefusal(sim.setCdrom(vmid, null), 'LOCKED', /^VM is locked \(backup\)$/);
    clock = new Date(clock.getTime() + 4999);
    expect((await sim.task(task)).state).toBe('running');
    expect(await sim.backups(vmid)).toEqual([]);
    clock = new Date(clock.getTime() + 1);
    expect((await sim.task(task)).state).toBe('ok');
    const [b] = await sim.backups(vmid);
    expect(b).toEqual({
      volid: `local:backup/vzdump-qemu-${vmid}-2026_05_02-01_30_07.vma.zst`,
      sizeBytes: expect.any(Number),
      createdAt: new Date('2026-05-02T01:30:07Z'),
      protected: false,
      notes: 'daily',
    });
    expect(b!.sizeBytes / (20 * 1024 ** 3)).toBeGreaterThanOrEqual(0.25);
    expect(b!.sizeBytes / (20 * 1024 ** 3)).toBeLessThanOrEqual(0.45);
    expect((await sim.status(vmid)).locked).toBe(false);
  });

  it('names two backups of the same second apart and sizes them by vmid and disk alone', async () => {
    const at = new Date('2026-05-03T02:00:00.250Z');
    const sim = createSimulatorHypervisor(pool, { now: () => at });
    const vmid = await sim.createVm({ node: 'pve1', name: 'same-second', diskGb: 10 });
    await sim.backup(vmid, 'manual');
    await sim.backup(vmid, 'manual');
    const list = await sim.backups(vmid);
    expect(list.map((b) => b.volid)).toEqual([
      `local:backup/vzdump-qemu-${vmid}-2026_05_03-02_00_00.vma.zst`,
      `local:backup/vzdump-qemu-${vmid}-2026_05_03-02_00_01.vma.zst`,
    ]);
    expect(list[0]!.sizeBytes).toBe(list[1]!.sizeBytes);
    const other = await sim.createVm({ node: 'pve1', name: 'same-second-2', diskGb: 10 });
    await sim.backup(other, 'manual');
    expect((await sim.backups(other))[0]!.sizeBytes).not.toBe(list[0]!.sizeBytes);
  });

  it('gives a node task (ISO upload, removal) a UPID with an empty id', async () => {
    const sim = createSimulatorHypervisor(pool);
    expect(await sim.uploadIso('pve2', 'c9-upid.iso', 10, bytes(10))).toMatch(
      /^UPID:pve2:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:imgcopy::root@pam:$/,
    );
    expect(await sim.deleteIso('pve2', 'c9-upid.iso')).toMatch(/:imgdel::root@pam:$/);
  });

  it('reads the whole upload stream, refuses a long one and passes on a broken one', async () => {
    const sim = createSimulatorHypervisor(pool);
    await expectRefusal(sim.uploadIso('pve1', 'c9-long.iso', 100, bytes(101)), 'BAD_PARAMETER', /got 101 bytes where 100/);
    const broken = async () =>
      new Readable({
        read() {
          this.destroy(new Error('storage read failed'));
        },
      });
    await expect(sim.uploadIso('pve1', 'c9-broken.iso', 100, broken)).rejects.toThrow(/storage read failed/);
    await expectRefusal(sim.uploadIso('pve1', 'no-extension', 1, bytes(1)), 'BAD_PARAMETER', /wrong file extension/);
    await sim.addNode('sim-off', false);
    await expectRefusal(sim.uploadIso('sim-off', 'c9-off.iso', 1, bytes(1)), 'INVALID_STATE', /offline/);
    expect((await sim.isos('pve1')).map((i) => i.filename)).not.toContain('c9-long.iso');
  });

  it('destroys a VM with its snapshots and CD drive but keeps its backups, which can still be removed', async () => {
    const sim = createSimulatorHypervisor(pool);
    const vmid = await sim.createVm({ node: 'pve1', name: 'short-lived' });
    await sim.backup(vmid, 'manual');
    await sim.snapshot(vmid, 'snap1', '');
    await sim.uploadIso('pve1', 'c9-keep.iso', 5, bytes(5));
    await sim.setCdrom(vmid, 'c9-keep.iso');
    await waitTask(sim, await sim.delete(vmid));
    const rows = async (table: string) =>
      (await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE vmid = $1`, [vmid])).rows[0].n;
    expect(await rows('sim_snapshots')).toBe(0);
    expect(await rows('sim_backups')).toBe(1);
    const { volid } = (await pool.query(`SELECT volid FROM sim_backups WHERE vmid = $1`, [vmid])).rows[0];
    await expectRefusal(sim.backups(vmid), 'NOT_FOUND', /does not exist/);
    expect((await waitTask(sim, (await sim.deleteBackup(vmid, volid))!)).state).toBe('ok');
    expect(await rows('sim_backups')).toBe(0);
  });

  it('makes a restored VM at once, locked (create), and a re-run follows the same task', async () => {
    let clock = new Date('2026-05-04T10:00:00Z');
    const sim = createSimulatorHypervisor(pool, { taskDurationMs: 3000, now: () => clock });
    const vmid = await sim.createVm({ node: 'pve2', name: 'restore-src', cores: 4, diskGb: 30 });
    const backup = await sim.backup(vmid, 'manual');
    clock = new Date(clock.getTime() + 3000);
    expect((await sim.task(backup)).state).toBe('ok');
    const [b] = await sim.backups(vmid);
    const newVmid = await sim.nextVmid();
    const task = await sim.restoreBackupAsNew(vmid, b!.volid, newVmid, 'restored-new');
    expect(task).toMatch(new RegExp(`:qmrestore:${newVmid}:`));
    expect((await sim.inventory()).vms.find((v) => v.vmid === newVmid)).toMatchObject({ node: 'pve2', locked: true });
    await expectRefusal(sim.power(newVmid, 'start'), 'LOCKED', /^VM is locked \(create\)$/);
    expect(await sim.restoreBackupAsNew(vmid, b!.volid, newVmid, 'restored-new')).toBe(task);
    clock = new Date(clock.getTime() + 3000);
    expect((await sim.task(task!)).state).toBe('ok');
    expect(await sim.config(newVmid)).toMatchObject({ cores: 4, diskGb: 30 });
    expect(await sim.status(newVmid)).toMatchObject({ power: 'STOPPED', locked: false });
  });

  it('fails the new task kinds through failAllTasks and node failures too', async () => {
    const sim = createSimulatorHypervisor(pool, { failAllTasks: 'cluster unreachable' });
    const vmid = await sim.createVm({ node: 'pve1', name: 'all-data-fail' });
    expect(await waitTask(sim, await sim.backup(vmid, 'manual'))).toMatchObject({
      state: 'error',
      message: 'cluster unreachable',
    });
    expect(await waitTask(sim, await sim.snapshot(vmid, 'nope', ''))).toMatchObject({ state: 'error' });
    expect(await sim.snapshots(vmid)).toEqual([]);
    expect((await sim.status(vmid)).locked).toBe(false);
    const fine = createSimulatorHypervisor(pool);
    await fine.failNextTaskOnNode('pve1', 'disk full');
    expect(await waitTask(fine, await fine.backup(vmid, 'manual'))).toMatchObject({ state: 'error', message: 'disk full' });
    expect(await fine.backups(vmid)).toEqual([]);
  });

  it('keeps the new tables away from the application role', async () => {
    const app = new pg.Client({ connectionString: tdb.appUrl });
    await app.connect();
    try {
      for (const t of ['sim_backups', 'sim_snapshots', 'sim_isos']) {
        await expect(app.query(`SELECT 1 FROM ${t}`)).rejects.toThrow(/permission denied/);
      }
    } finally {
      await app.end();
    }
  });
});
