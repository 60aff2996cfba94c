/**
 * Backups, snapshots, ISO images and the CD drive in the simulator (issue 13), as on Proxmox VE
 * (see {@link HypervisorDataDriver}):
 * - backup: a `vzdump` task; while it runs the VM holds Proxmox's lock 'backup' (every action
 *   refused 'VM is locked (backup)'). The backup appears when the task is ok, with a volid
 *   `local:backup/vzdump-qemu-<vmid>-YYYY_MM_DD-HH_MM_SS.vma.zst` (UTC; a second later when that
 *   name is taken) and a size of 25–45 % of the disk, fixed by vmid and disk size. It records the
 *   disk size and hardware a restore brings back, and outlives the VM.
 * - restore: a `qmrestore` task under the lock 'create' that needs the VM stopped and not locked;
 *   ok brings back the backup's disk size, cores and memory, empties the CD drive and drops the
 *   snapshots. As a new VM: the row appears at once locked 'create' on the VM's node; a failed
 *   restore removes it; a re-run with the same vmid and name answers the running task or null.
 * - snapshots: `qmsnapshot` (lock 'snapshot'; the row is ready when the task is ok),
 *   `qmdelsnapshot` (lock 'snapshot-delete'; children move to its parent), `qmrollback` (lock
 *   'rollback'; only to the newest snapshot; the VM stops). Names follow Proxmox's configid rule.
 * - ISO images per node: `uploadIso` reads the whole stream and checks its length, then an
 *   `imgcopy` task puts the file in place (only its size is kept); `deleteIso` an `imgdel` task.
 *   Both are the node's tasks (empty id in the UPID; node failure injection applies).
 * - setCdrom: synchronous, like a config write: `cdrom` and the boot order (ide2 first, or scsi0
 *   first on eject; the other devices kept in their order).
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { HypervisorError, VM_NAME_PATTERN, type HypervisorDataDriver, type VmBackup, type VmSnapshot } from './hypervisor.js';
import { bootFirst, checkIsoName, checkSnapshotName, shortUpload } from './data-rules.js';
import type { SimCore } from './simulator-create.js';
import * as data from './simulator-data.repository.js';
import * as sim from './simulator.repository.js';
import type { SimVmRow } from './simulator.repository.js';

const GIB = 1024 ** 3;

/** A fraction 0..1 fixed by `key` (deterministic sizes). */
const fraction = (key: string) => crypto.createHash('sha256').update(key).digest().readUInt32BE(0) / 0x100000000;
const pad = (n: number) => String(n).padStart(2, '0');

/** vzdump's file name time: `YYYY_MM_DD-HH_MM_SS` (UTC here). */
const dumpTime = (d: Date) =>
  `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}-${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;

/** Reads a whole stream and answers its length, stopping once it passes `limit`. */
async function countBytes(stream: Readable, limit: number): Promise<number> {
  let n = 0;
  for await (const chunk of stream) {
    n += (chunk as Buffer).length;
    if (n > limit) {
      stream.destroy();
      break;
    }
  }
  return n;
}

/** The driver methods for backups, snapshots, ISO images and the CD drive. */
export function simulatorData(core: SimCore): HypervisorDataDriver {
  const refuseUnderLock = (vm: SimVmRow) => {
    if (vm.pve_lock) throw new HypervisorError('LOCKED', `VM is locked (${vm.pve_lock})`);
  };

  /** The node, which must belong to this cluster. */
  async function nodeOf(c: pg.PoolClient, name: string): Promise<{ name: string; online: boolean }> {
    const node = (await sim.listNodes(c, core.nodes)).find((n) => n.name === name);
    if (!node) throw new HypervisorError('NOT_FOUND', `no such cluster node '${name}'`);
    return node;
  }

  async function backupOf(c: pg.PoolClient, vmid: number, volid: string): Promise<data.SimBackupRow> {
    const b = await data.findBackup(c, vmid, volid);
    if (!b) throw new HypervisorError('NOT_FOUND', `volume '${volid}' does not exist`);
    return b;
  }

  async function snapshotOf(c: pg.PoolClient, vmid: number, name: string): Promise<data.SimSnapshotRow> {
    const s = (await data.listSnapshots(c, vmid, true)).find((x) => x.name === name);
    if (!s) throw new HypervisorError('NOT_FOUND', `snapshot '${name}' does not exist`);
    return s;
  }

  /** A VM's task that holds `lock` while it runs. */
  async function lockedTask(
    c: pg.PoolClient,
    vm: SimVmRow,
    type: data.SimDataTaskType,
    params: Record<string, unknown>,
  ): Promise<string> {
    const lock = data.TASK_LOCK[type];
    if (lock) await data.setPveLock(c, vm.vmid, lock);
    return core.startTask(c, vm, type, params);
  }

  const shapeBackup = (b: data.SimBackupRow): VmBackup => ({
    volid: b.volid,
    sizeBytes: Number(b.size_bytes),
    createdAt: b.created_at,
    protected: b.protected,
    notes: b.notes,
  });

  return {
    async backups(vmid) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        return (await data.listBackups(c, vmid)).map(shapeBackup);
      });
    },

    async backup(vmid, notes) {
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        // Never older than the VM's newest backup (the simulator's clock may run behind names moved on).
        const newest = (await data.listBackups(c, vmid)).at(-1)?.created_at.getTime() ?? 0;
        let at = new Date(Math.max(Math.floor(core.now().getTime() / 1000) * 1000, newest + 1000));
        let volid = `local:backup/vzdump-qemu-${vmid}-${dumpTime(at)}.vma.zst`;
        while (await data.volidTaken(c, volid)) {
          at = new Date(at.getTime() + 1000);
          volid = `local:backup/vzdump-qemu-${vmid}-${dumpTime(at)}.vma.zst`;
        }
        const params: data.BackupParams = {
          volid,
          node: vm.node,
          sizeBytes: Math.round(vm.disk_gb * GIB * (0.25 + 0.2 * fraction(`${vmid}:${vm.disk_gb}`))),
          createdAt: at.toISOString(),
          notes: String(notes),
          diskGb: vm.disk_gb,
          cores: vm.cores,
          memoryMb: vm.memory_mb,
        };
        return lockedTask(c, vm, 'vzdump', { ...params });
      });
    },

    async protectBackup(vmid, volid, on) {
      await core.inTx(async (c) => {
        await backupOf(c, vmid, volid);
        await data.setBackupProtected(c, volid, on);
      });
    },

    async deleteBackup(vmid, volid) {
      return core.inTx(async (c) => {
        const b = await backupOf(c, vmid, volid);
        if (b.protected) throw new HypervisorError('BAD_PARAMETER', 'backup is protected');
        // The backup outlives its VM: a removal after the VM is gone runs on the backup's node.
        const vm = (await sim.findVm(c, vmid, true)) ?? { vmid, node: b.node, fail_next: null };
        return core.startTask(c, vm, 'imgdel', { volid }, '');
      });
    },

    async restoreBackup(vmid, volid) {
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        if (vm.locked) throw new HypervisorError('LOCKED', 'VM is locked');
        if (vm.power !== 'STOPPED') throw new HypervisorError('INVALID_STATE', `unable to restore VM ${vmid} - VM is running`);
        const b = await backupOf(c, vmid, volid);
        return lockedTask(c, vm, 'qmrestore', { volid, diskGb: b.disk_gb, cores: b.cores, memoryMb: b.memory_mb });
      });
    },

    async restoreBackupAsNew(vmid, volid, newVmid, name) {
      if (!Number.isInteger(newVmid) || newVmid < 100 || newVmid > 999_999_999)
        throw new HypervisorError('BAD_PARAMETER', `vmid: value must have a minimum value of 100`);
      if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name))
        throw new HypervisorError('BAD_PARAMETER', 'name: invalid format - value does not look like a valid DNS name');
      return core.inTx(async (c) => {
        const held = await sim.findVm(c, newVmid, true);
        if (held) {
          if (held.name !== name)
            throw new HypervisorError('BAD_PARAMETER', `VM ${newVmid} already exists on node '${held.node}'`);
          return held.pve_lock === 'create' ? data.runningTask(c, newVmid, 'qmrestore') : null;
        }
        const vm = await core.vmRow(c, vmid);
        const b = await backupOf(c, vmid, volid);
        const made = await data.insertRestoringVm(c, {
          vmid: newVmid,
          node: vm.node,
          name,
          cores: b.cores,
          memoryMb: b.memory_mb,
          diskGb: b.disk_gb,
          bios: vm.bios,
          bootOrder: vm.boot_order,
        });
        if (!made) throw new HypervisorError('BAD_PARAMETER', `VM ${newVmid} already exists on node '${vm.node}'`);
        // The source VM's injected failure stands for the restore's (the new VM has none yet).
        const failNext = vm.fail_next;
        if (failNext !== null) await sim.clearVmFailure(c, vmid);
        return core.startTask(c, { vmid: newVmid, node: vm.node, fail_next: failNext }, 'qmrestore', {
          volid,
          asNew: true,
          diskGb: b.disk_gb,
          cores: b.cores,
          memoryMb: b.memory_mb,
        });
      });
    },

    async snapshots(vmid) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        return (await data.listSnapshots(c, vmid)).map((s): VmSnapshot => ({
          name: s.name,
          description: s.description,
          createdAt: s.created_at,
          parent: s.parent,
          sizeBytes: Number(s.size_bytes),
        }));
      });
    },

    async snapshot(vmid, name, description) {
      checkSnapshotName(name);
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        const all = await data.listSnapshots(c, vmid, true);
        if (all.some((s) => s.name === name)) throw new HypervisorError('BAD_PARAMETER', `snapshot name '${name}' already used`);
        await data.insertSnapshot(c, {
          vmid,
          name,
          description: String(description ?? ''),
          createdAt: core.now(),
          parent: all.at(-1)?.name ?? null,
          sizeBytes: Math.round(vm.disk_gb * GIB * (0.05 + 0.1 * fraction(`${vmid}:${name}`))),
        });
        return lockedTask(c, vm, 'qmsnapshot', { name });
      });
    },

    async deleteSnapshot(vmid, name) {
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        await snapshotOf(c, vmid, name);
        return lockedTask(c, vm, 'qmdelsnapshot', { name });
      });
    },

    async rollbackSnapshot(vmid, name) {
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        await snapshotOf(c, vmid, name);
        const newest = (await data.listSnapshots(c, vmid)).at(-1);
        // The wording of Proxmox's ZFS storage, which can only roll back to the newest snapshot.
        if (newest?.name !== name)
          throw new HypervisorError('BAD_PARAMETER', `can't rollback, '${name}' is not most recent snapshot`);
        return lockedTask(c, vm, 'qmrollback', { name });
      });
    },

    async isos(node) {
      return core.inTx(async (c) => {
        await nodeOf(c, node);
        return (await data.listIsos(c, node)).map((i) => ({ filename: i.filename, sizeBytes: Number(i.size_bytes) }));
      });
    },

    async uploadIso(node, filename, sizeBytes, read) {
      checkIsoName(filename, sizeBytes);
      const target = await core.inTx((c) => nodeOf(c, node));
      if (!target.online) throw new HypervisorError('INVALID_STATE', `node '${node}' is offline`);
      const got = await countBytes(await read(), sizeBytes);
      if (got !== sizeBytes) throw shortUpload(filename, got, sizeBytes);
      return core.inTx(async (c) => {
        await nodeOf(c, node);
        return core.startTask(c, { vmid: null, node, fail_next: null }, 'imgcopy', { node, filename, sizeBytes });
      });
    },

    async deleteIso(node, filename) {
      return core.inTx(async (c) => {
        await nodeOf(c, node);
        if (!(await data.hasIso(c, node, filename))) return null;
        return core.startTask(c, { vmid: null, node, fail_next: null }, 'imgdel', { node, filename });
      });
    },

    async setCdrom(vmid, filename) {
      await core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        refuseUnderLock(vm);
        if (filename === null) {
          await data.setCdrom(c, vmid, null, bootFirst(vm.boot_order, 'scsi0'));
          return;
        }
        if (!(await data.hasIso(c, vm.node, filename)))
          throw new HypervisorError('NOT_FOUND', `volume 'local:iso/${filename}' does not exist`);
        await data.setCdrom(c, vmid, filename, bootFirst(vm.boot_order, 'ide2'));
      });
    },

    async cdrom(vmid) {
      return core.inTx(async (c) => (await core.vmRow(c, vmid)).cdrom);
    },
  };
}
