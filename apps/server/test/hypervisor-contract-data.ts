import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { HypervisorDriver } from '../src/drivers/hypervisor/hypervisor.js';
import type { ContractCluster } from './hypervisor-contract.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { createSpec } from './hypervisor-contract-create.js';

/** A fresh stream of `n` bytes in chunks of up to 64 KiB. */
export function bytes(n: number): () => Promise<Readable> {
  return async () => {
    let left = n;
    return new Readable({
      read() {
        const size = Math.min(left, 65_536);
        left -= size;
        this.push(size > 0 ? Buffer.alloc(size, 0x41) : null);
      },
    });
  };
}

/** Runs a task to its end and expects it ok. */
async function ok(d: HypervisorDriver, task: Promise<string | null>): Promise<void> {
  const id = await task;
  if (id !== null) expect(await waitTask(d, id)).toEqual({ id, state: 'ok', message: null });
}

const VOLID = (vmid: number) =>
  new RegExp(`^local:backup/vzdump-qemu-${vmid}-\\d{4}_\\d\\d_\\d\\d-\\d\\d_\\d\\d_\\d\\d\\.vma\\.zst$`);

/**
 * The contract's cases for backups, snapshots and ISO images (HypervisorDataDriver); `cluster()`
 * answers the suite's cluster once its beforeAll has run.
 */
export function dataContract(cluster: () => ContractCluster): void {
  const d = () => cluster().driver;
  const nodeOf = async (vmid: number) => (await d().inventory()).vms.find((v) => v.vmid === vmid)!.node;

  it('backs a VM up through a vzdump task and lists the backups oldest first with size, time and notes', async () => {
    const vmid = await cluster().createVm({ name: 'backed-up', diskGb: 10 });
    expect(await d().backups(vmid)).toEqual([]);
    const before = Date.now();
    const task = await d().backup(vmid, 'manual');
    expect(task).toMatch(new RegExp(`^UPID:[^:]+:[0-9A-F]{8}:[0-9A-F]{8,9}:[0-9A-F]{8}:vzdump:${vmid}:[^:]+:$`));
    await ok(d(), Promise.resolve(task));
    await ok(d(), d().backup(vmid, 'daily'));
    const list = await d().backups(vmid);
    expect(list).toHaveLength(2);
    expect(list.map((b) => b.notes)).toEqual(['manual', 'daily']);
    expect(new Set(list.map((b) => b.volid)).size).toBe(2);
    for (const b of list) {
      expect(b.volid).toMatch(VOLID(vmid));
      expect(b.protected).toBe(false);
      expect(b.sizeBytes).toBeGreaterThan(0.2 * 10 * 1024 ** 3);
      expect(b.sizeBytes).toBeLessThan(0.5 * 10 * 1024 ** 3);
      expect(Math.abs(b.createdAt.getTime() - before)).toBeLessThan(60_000);
    }
    expect(list[0]!.createdAt.getTime()).toBeLessThanOrEqual(list[1]!.createdAt.getTime());
    await expectRefusal(d().backups(999_999_000), 'NOT_FOUND', /./);
  });

  it('holds the VM locked (backup) while the backup runs and frees it after', async () => {
    const vmid = await cluster().createVm({ name: 'backup-lock', power: 'RUNNING' });
    await cluster().holdTasks();
    let task: string;
    try {
      task = await d().backup(vmid, 'manual');
      expect(await d().task(task)).toMatchObject({ state: 'running' });
      expect((await d().status(vmid)).locked).toBe(true);
      await expectRefusal(d().power(vmid, 'stop'), 'LOCKED', /^VM is locked \(backup\)$/);
      await expectRefusal(d().snapshot(vmid, 'during', ''), 'LOCKED', /^VM is locked \(backup\)$/);
      await expectRefusal(d().backup(vmid, 'manual'), 'LOCKED', /^VM is locked \(backup\)$/);
      await expectRefusal(d().delete(vmid), 'LOCKED', /^VM is locked \(backup\)$/);
      expect(await d().backups(vmid)).toEqual([]);
    } finally {
      await cluster().releaseTasks();
    }
    expect((await waitTask(d(), task)).state).toBe('ok');
    expect((await d().status(vmid)).locked).toBe(false);
    expect(await d().backups(vmid)).toHaveLength(1);
  });

  it('protects a backup against deletion until it is unprotected, then deletes it', async () => {
    const vmid = await cluster().createVm({ name: 'protect-me' });
    await ok(d(), d().backup(vmid, 'manual'));
    const [b] = await d().backups(vmid);
    await d().protectBackup(vmid, b!.volid, true);
    expect((await d().backups(vmid))[0]!.protected).toBe(true);
    await expectRefusal(d().deleteBackup(vmid, b!.volid), 'BAD_PARAMETER', /protected/);
    expect(await d().backups(vmid)).toHaveLength(1);
    await d().protectBackup(vmid, b!.volid, false);
    await ok(d(), d().deleteBackup(vmid, b!.volid));
    expect(await d().backups(vmid)).toEqual([]);
    const unknown = `local:backup/vzdump-qemu-${vmid}-2001_01_01-00_00_00.vma.zst`;
    await expectRefusal(d().protectBackup(vmid, unknown, true), 'NOT_FOUND', /does not exist/);
    await expectRefusal(d().deleteBackup(vmid, unknown), 'NOT_FOUND', /does not exist/);
  });

  it('restores a stopped VM from its backup: disk size and hardware come back, vmid and name stay', async () => {
    const vmid = await cluster().createVm({ name: 'restore-me', diskGb: 10, cores: 1, memoryMb: 1024, power: 'RUNNING' });
    await ok(d(), d().backup(vmid, 'manual'));
    const [b] = await d().backups(vmid);
    await expectRefusal(d().restoreBackup(vmid, b!.volid), 'INVALID_STATE', /running/);
    await ok(d(), d().power(vmid, 'stop'));
    await ok(d(), d().finishCreate(vmid, createSpec({ name: 'restore-me', cores: 2, memoryMb: 2048, diskGb: 12 })));
    expect(await d().config(vmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 12 });
    await d().lock(vmid, true);
    await expectRefusal(d().restoreBackup(vmid, b!.volid), 'LOCKED', /locked|protection/);
    await d().lock(vmid, false);
    await expectRefusal(d().restoreBackup(vmid, `${b!.volid}.gone`), 'NOT_FOUND', /does not exist/);

    const task = await d().restoreBackup(vmid, b!.volid);
    expect(task).toMatch(new RegExp(`:qmrestore:${vmid}:`));
    await ok(d(), Promise.resolve(task));
    expect(await d().config(vmid)).toMatchObject({ cores: 1, memoryMb: 1024, diskGb: 10 });
    expect(await d().status(vmid)).toMatchObject({ power: 'STOPPED', locked: false });
    expect((await d().inventory()).vms.find((v) => v.vmid === vmid)?.name).toBe('restore-me');
    expect(await d().backups(vmid)).toHaveLength(1);
  });

  it('restores a backup as a new stopped VM on the same node, safely repeated', async () => {
    const vmid = await cluster().createVm({ name: 'clone-source', diskGb: 10, cores: 2, memoryMb: 2048, power: 'RUNNING' });
    await ok(d(), d().backup(vmid, 'manual'));
    const [b] = await d().backups(vmid);
    const newVmid = await d().nextVmid();
    await ok(d(), d().restoreBackupAsNew(vmid, b!.volid, newVmid, 'clone-copy'));
    const inv = await d().inventory();
    expect(inv.vms.find((v) => v.vmid === newVmid)).toMatchObject({
      name: 'clone-copy',
      node: await nodeOf(vmid),
      power: 'STOPPED',
      locked: false,
    });
    expect(await d().config(newVmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 10 });
    expect(inv.vms.find((v) => v.vmid === vmid)).toMatchObject({ name: 'clone-source', power: 'RUNNING' });
    expect(await d().restoreBackupAsNew(vmid, b!.volid, newVmid, 'clone-copy')).toBeNull();
    await expectRefusal(
      d().restoreBackupAsNew(vmid, b!.volid, newVmid, 'other-name'),
      'BAD_PARAMETER',
      new RegExp(`^VM ${newVmid} already exists on node '`),
    );
    expect((await d().inventory()).vms.filter((v) => v.name === 'clone-copy')).toHaveLength(1);
  });

  it('takes snapshots in a line, refuses a taken or bad name, rolls back only to the newest, and deletes', async () => {
    const vmid = await cluster().createVm({ name: 'snappy', power: 'RUNNING' });
    expect(await d().snapshots(vmid)).toEqual([]);
    const first = await d().snapshot(vmid, 'before-update', 'first one');
    expect(first).toMatch(new RegExp(`:qmsnapshot:${vmid}:`));
    await ok(d(), Promise.resolve(first));
    await ok(d(), d().snapshot(vmid, 'after_update2', ''));
    const list = await d().snapshots(vmid);
    expect(list.map((s) => [s.name, s.parent, s.description])).toEqual([
      ['before-update', null, 'first one'],
      ['after_update2', 'before-update', ''],
    ]);
    for (const s of list) {
      expect(s.createdAt).toBeInstanceOf(Date);
      expect(s.sizeBytes).toBeGreaterThanOrEqual(0);
    }
    await expectRefusal(d().snapshot(vmid, 'before-update', ''), 'BAD_PARAMETER', /already used/);
    for (const bad of ['1st', 'has space', 'x', 'a'.repeat(41), 'dot.ted', 'current'])
      await expectRefusal(d().snapshot(vmid, bad, ''), 'BAD_PARAMETER', /snapname|reserved/);
    await expectRefusal(d().rollbackSnapshot(vmid, 'before-update'), 'BAD_PARAMETER', /not most recent snapshot/);
    await expectRefusal(d().rollbackSnapshot(vmid, 'never-taken'), 'NOT_FOUND', /does not exist/);
    await expectRefusal(d().deleteSnapshot(vmid, 'never-taken'), 'NOT_FOUND', /does not exist/);

    const back = await d().rollbackSnapshot(vmid, 'after_update2');
    expect(back).toMatch(new RegExp(`:qmrollback:${vmid}:`));
    await ok(d(), Promise.resolve(back));
    expect((await d().status(vmid)).power).toBe('STOPPED');
    await ok(d(), d().deleteSnapshot(vmid, 'after_update2'));
    expect((await d().snapshots(vmid)).map((s) => s.name)).toEqual(['before-update']);
    await ok(d(), d().rollbackSnapshot(vmid, 'before-update'));
    // Deleting the first snapshot re-parents the next one.
    await ok(d(), d().snapshot(vmid, 'third', ''));
    await ok(d(), d().deleteSnapshot(vmid, 'before-update'));
    expect((await d().snapshots(vmid)).map((s) => [s.name, s.parent])).toEqual([['third', null]]);
  });

  it('uploads an ISO image checking its length, lists it, puts it in the CD drive first in the boot order, ejects and deletes it', async () => {
    const vmid = await cluster().createVm({ name: 'cd-user' });
    const node = await nodeOf(vmid);
    const size = 300_000;
    const up = await d().uploadIso(node, 'c1-ab12cd.iso', size, bytes(size));
    expect(up).toMatch(/^UPID:/);
    await ok(d(), Promise.resolve(up));
    expect((await d().isos(node)).find((i) => i.filename === 'c1-ab12cd.iso')).toEqual({
      filename: 'c1-ab12cd.iso',
      sizeBytes: size,
    });
    await expectRefusal(d().uploadIso(node, 'c1-short.iso', size, bytes(size - 1)), 'BAD_PARAMETER', /./);
    expect((await d().isos(node)).some((i) => i.filename === 'c1-short.iso')).toBe(false);
    await expectRefusal(d().isos('no-such-node'), 'NOT_FOUND', /no such cluster node/);

    expect(await d().cdrom(vmid)).toBeNull();
    const order = (await d().config(vmid)).bootOrder;
    await d().setCdrom(vmid, 'c1-ab12cd.iso');
    expect(await d().cdrom(vmid)).toBe('c1-ab12cd.iso');
    const withCd = (await d().config(vmid)).bootOrder;
    expect(withCd[0]).toBe('ide2');
    expect([...withCd].sort()).toEqual([...new Set([...order, 'ide2'])].sort());
    await expectRefusal(d().setCdrom(vmid, 'not-there.iso'), 'NOT_FOUND', /does not exist/);
    expect(await d().cdrom(vmid)).toBe('c1-ab12cd.iso');
    await d().setCdrom(vmid, null);
    expect(await d().cdrom(vmid)).toBeNull();
    const ejected = (await d().config(vmid)).bootOrder;
    expect(ejected[0]).toBe('scsi0');
    expect([...ejected].sort()).toEqual([...withCd].sort());

    await ok(d(), d().deleteIso(node, 'c1-ab12cd.iso'));
    expect((await d().isos(node)).some((i) => i.filename === 'c1-ab12cd.iso')).toBe(false);
    expect(await d().deleteIso(node, 'c1-ab12cd.iso')).toBeNull();
  });

  it('refuses an ISO image that only another node has', async () => {
    const vmid = await cluster().createVm({ name: 'cd-elsewhere' });
    const node = await nodeOf(vmid);
    const other = (await d().inventory()).nodes.find((n) => n.name !== node && n.online)!.name;
    await ok(d(), d().uploadIso(other, 'c2-other.iso', 1000, bytes(1000)));
    await expectRefusal(d().setCdrom(vmid, 'c2-other.iso'), 'NOT_FOUND', /does not exist/);
  });

  it('ends each kind of task in error with the injected message and changes nothing', async () => {
    const vmid = await cluster().createVm({ name: 'data-fails', diskGb: 10, power: 'RUNNING' });
    const fail = async (task: () => Promise<string | null>, message: string) => {
      await cluster().failNextTask(vmid, message);
      const id = await task();
      expect(id).not.toBeNull();
      expect(await waitTask(d(), id!)).toMatchObject({ state: 'error', message });
      expect((await d().status(vmid)).locked).toBe(false);
    };
    await fail(() => d().backup(vmid, 'manual'), 'vzdump: storage full');
    expect(await d().backups(vmid)).toEqual([]);
    await ok(d(), d().backup(vmid, 'manual'));
    const [b] = await d().backups(vmid);
    await fail(() => d().deleteBackup(vmid, b!.volid), 'imgdel: storage offline');
    expect(await d().backups(vmid)).toHaveLength(1);

    await fail(() => d().snapshot(vmid, 'snap-a', ''), 'snapshot: qmp timeout');
    expect(await d().snapshots(vmid)).toEqual([]);
    await ok(d(), d().snapshot(vmid, 'snap-a', ''));
    await fail(() => d().rollbackSnapshot(vmid, 'snap-a'), 'rollback: disk busy');
    expect((await d().status(vmid)).power).toBe('RUNNING');
    await fail(() => d().deleteSnapshot(vmid, 'snap-a'), 'delsnapshot: disk busy');
    expect((await d().snapshots(vmid)).map((s) => s.name)).toEqual(['snap-a']);

    await ok(d(), d().power(vmid, 'stop'));
    await ok(d(), d().finishCreate(vmid, createSpec({ name: 'data-fails', cores: 3, memoryMb: 3072, diskGb: 12 })));
    await fail(() => d().restoreBackup(vmid, b!.volid), 'restore: archive corrupt');
    expect(await d().config(vmid)).toMatchObject({ cores: 3, diskGb: 12 });
    const newVmid = await d().nextVmid();
    await fail(() => d().restoreBackupAsNew(vmid, b!.volid, newVmid, 'never-restored'), 'restore: archive corrupt');
    expect((await d().inventory()).vms.some((v) => v.vmid === newVmid)).toBe(false);

    const node = await nodeOf(vmid);
    await cluster().failNextNodeTask(node, 'upload: no space left on device');
    const up = await d().uploadIso(node, 'c3-fails.iso', 2048, bytes(2048));
    expect(await waitTask(d(), up)).toMatchObject({ state: 'error', message: 'upload: no space left on device' });
    expect((await d().isos(node)).some((i) => i.filename === 'c3-fails.iso')).toBe(false);
    await ok(d(), d().uploadIso(node, 'c3-fails.iso', 2048, bytes(2048)));
    await cluster().failNextNodeTask(node, 'imgdel: storage offline');
    const del = await d().deleteIso(node, 'c3-fails.iso');
    expect(await waitTask(d(), del!)).toMatchObject({ state: 'error', message: 'imgdel: storage offline' });
    expect((await d().isos(node)).some((i) => i.filename === 'c3-fails.iso')).toBe(true);
  });

  it('refuses snapshots, rollbacks, restores and CD changes while another task holds the VM', async () => {
    const vmid = await cluster().createVm({ name: 'busy-vm' });
    await ok(d(), d().snapshot(vmid, 'base', ''));
    await ok(d(), d().backup(vmid, 'manual'));
    const [b] = await d().backups(vmid);
    await cluster().holdTasks();
    let task: string;
    try {
      task = await d().snapshot(vmid, 'next', '');
      for (const refused of [
        () => d().rollbackSnapshot(vmid, 'base'),
        () => d().deleteSnapshot(vmid, 'base'),
        () => d().restoreBackup(vmid, b!.volid),
        () => d().setCdrom(vmid, null),
        () => d().backup(vmid, 'manual'),
      ])
        await expectRefusal(refused(), 'LOCKED', /^VM is locked \(snapshot\)$/);
    } finally {
      await cluster().releaseTasks();
    }
    expect((await waitTask(d(), task)).state).toBe('ok');
    expect((await d().snapshots(vmid)).map((s) => s.name)).toEqual(['base', 'next']);
  });
}
