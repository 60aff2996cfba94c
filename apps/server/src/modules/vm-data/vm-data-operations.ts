/**
 * The steps of the data operations on a server (issue 13): backups, snapshots and the CD drive,
 * run inside the VmOperation job (vms/vm-operations.ts), which claims the operation, records each
 * cluster task before waiting on it and closes the operation with its news.
 *
 * Re-runs after a crash: every step has a fixed number. Where the number of steps depends on the
 * cluster (the backups to delete, the later snapshots a rollback removes), the job first makes a
 * plan from the cluster's list and keeps it in the operation's parameters, so a re-run follows the
 * same plan; each planned step checks that its object is still there before acting.
 */
import type { HypervisorDriver, PowerAction } from '../../drivers/hypervisor/hypervisor.js';
import type { JobDeps } from '../../jobs/job-types.js';
import type { Tx } from '../../db/database.js';
import type { VmAction } from '@portside/contract/schemas/vms';
import { VM_DATA_LIMITS } from '@portside/contract/schemas/vm-data';
import { backupsToPrune } from '@portside/contract/rules/backup-retention';
import { serverText, type ServerText } from '@portside/contract/server-texts';
import type { OperationRecord, VmRecord } from '../vms/vms.repository.js';
import { OperationFailed } from '../vms/operation-failed.js';
import * as data from './vm-data.repository.js';

/** What closes a data operation, in the transaction that finishes it: its rows written, its done text and message state. */
export type DataFinish = (tx: Tx) => Promise<{ text?: ServerText; state?: string }>;

/** What the job gives a data action. */
export interface DataStepContext {
  deps: JobDeps;
  driver: HypervisorDriver;
  vm: VmRecord;
  op: OperationRecord;
  /** Step `n`: starts its cluster task (or does its synchronous work and answers null) unless done, then waits for it. */
  taskStep(n: number, start: () => Promise<string | null>): Promise<void>;
  /** Step `n`: a power action, skipped when the server is in the wanted state already. */
  powerStep(n: number, action: PowerAction): Promise<void>;
  /** A progress line on the operation's hub and the terminal panel. */
  say(text: ServerText): Promise<void>;
}

/** Backups and restores copy whole disks: hours for large ones. */
const DISK_COPY_MS = 6 * 3600_000;

/** How long a data operation may take; power changes keep the state time-out (spec 2 §9). */
export function dataActionTimeoutMs(action: VmAction, stateTimeoutMs: number): number {
  switch (action) {
    case 'backup-now':
    case 'backup-restore':
    case 'backup-restore-clone':
    case 'backup-disable':
      return Math.max(stateTimeoutMs, DISK_COPY_MS);
    case 'iso-attach':
      return Math.max(stateTimeoutMs, VM_DATA_LIMITS.isoAttachMs);
    // A rebuild makes the server anew from its image, like an order's creation (issue 14).
    case 'rebuild':
      return stateTimeoutMs * 10;
    default:
      return stateTimeoutMs;
  }
}

/** The plan kept under `key` in the operation's parameters, made by `make` on the first run. */
async function plan<T>(c: DataStepContext, key: string, make: () => Promise<T>): Promise<T> {
  if (key in c.op.params) return c.op.params[key] as T;
  const value = await make();
  await c.deps.db.system((tx) => data.addOperationParams(tx, c.op.id, { [key]: value }));
  c.op.params = { ...c.op.params, [key]: value };
  return value;
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** Deletes the listed backups (protected ones are unprotected first), one planned step each from `first`. */
async function deleteBackups(c: DataStepContext, first: number, volids: readonly string[]): Promise<void> {
  const { driver, vm } = c;
  for (const [i, volid] of volids.entries()) {
    await c.taskStep(first + i, async () => {
      const b = (await driver.backups(vm.vmid)).find((x) => x.volid === volid);
      if (!b) return null;
      await c.say(serverText('terminal:ops.backup_disable.deleting', { date: stamp(b.createdAt) }));
      if (b.protected) await driver.protectBackup(vm.vmid, volid, false);
      return driver.deleteBackup(vm.vmid, volid);
    });
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Runs the steps of a data action and answers what closes it. */
export async function runDataAction(c: DataStepContext): Promise<DataFinish> {
  const { driver, vm, op } = c;
  const p = op.params;
  const backupsAfter = async (state: 'on' | 'off'): Promise<DataFinish> => {
    const list = await driver.backups(vm.vmid);
    return async (tx) => {
      await data.syncBackups(tx, vm, list);
      return { state };
    };
  };
  const snapshotsAfter = async (text?: ServerText): Promise<DataFinish> => {
    const list = await driver.snapshots(vm.vmid);
    return async (tx) => {
      await data.syncSnapshots(tx, vm, list);
      return text ? { text } : {};
    };
  };

  switch (op.action) {
    case 'backup-enable':
      return async (tx) => {
        await data.setBackupsEnabled(tx, vm.provisioned_id, true);
        return { state: 'on' };
      };

    case 'backup-disable': {
      // No backup is taken from now on, whatever happens to the deletions.
      await c.deps.db.system((tx) => data.setBackupsEnabled(tx, vm.provisioned_id, false));
      const volids = await plan(c, 'delete', async () => (await driver.backups(vm.vmid)).map((b) => b.volid));
      await deleteBackups(c, 0, volids);
      const finish = await backupsAfter('off');
      return async (tx) => {
        await data.setBackupsEnabled(tx, vm.provisioned_id, false);
        return finish(tx);
      };
    }

    case 'backup-now': {
      const kind = p.kind === 'daily' ? 'daily' : 'manual';
      await c.taskStep(0, () => driver.backup(vm.vmid, kind));
      const prune = await plan(c, 'prune', async () => backupsToPrune(await driver.backups(vm.vmid)).map((b) => b.volid));
      await deleteBackups(c, 1, prune);
      const finish = await backupsAfter('on');
      return async (tx) => {
        if (kind === 'daily') await data.markDailyBackup(tx, vm.provisioned_id);
        return finish(tx);
      };
    }

    case 'backup-protect':
    case 'backup-unprotect': {
      const on = op.action === 'backup-protect';
      await c.taskStep(0, async () => {
        await driver.protectBackup(vm.vmid, str(p.volid), on);
        return null;
      });
      return backupsAfter(on ? 'on' : 'off');
    }

    case 'backup-delete':
      await c.taskStep(0, async () => {
        const b = (await driver.backups(vm.vmid)).find((x) => x.volid === p.volid);
        return b ? driver.deleteBackup(vm.vmid, b.volid) : null;
      });
      return backupsAfter('off');

    case 'backup-restore': {
      await c.powerStep(0, 'stop');
      await c.taskStep(1, () => driver.restoreBackup(vm.vmid, str(p.volid)));
      if (p.wasRunning === true) await c.powerStep(2, 'start');
      const cfg = await driver.config(vm.vmid);
      const backups = await driver.backups(vm.vmid);
      const snapshots = await driver.snapshots(vm.vmid);
      return async (tx) => {
        await data.setVmDisk(tx, vm.provisioned_id, cfg.diskGb);
        await data.syncBackups(tx, vm, backups);
        await data.syncSnapshots(tx, vm, snapshots);
        return { state: 'on' };
      };
    }

    case 'snapshot-create': {
      const name = str(p.name);
      await c.taskStep(0, async () => {
        if ((await driver.snapshots(vm.vmid)).some((s) => s.name === name)) return null;
        return driver.snapshot(vm.vmid, name, str(p.note));
      });
      return snapshotsAfter(serverText('terminal:ops.snapshot_create.done', { name }));
    }

    case 'snapshot-delete': {
      await c.taskStep(0, async () => {
        const name = str(p.name);
        return (await driver.snapshots(vm.vmid)).some((s) => s.name === name) ? driver.deleteSnapshot(vm.vmid, name) : null;
      });
      return snapshotsAfter();
    }

    case 'snapshot-rollback': {
      const name = str(p.name);
      // Only the newest snapshot can be rolled back to: the later ones go first, newest first.
      const later = await plan(c, 'later', async () => {
        const names = (await driver.snapshots(vm.vmid)).map((s) => s.name);
        const at = names.indexOf(name);
        if (at < 0)
          throw new OperationFailed(serverText('terminal:ops.failed.cluster', { reason: `snapshot '${name}' does not exist` }));
        return names.slice(at + 1).reverse();
      });
      for (const [i, gone] of later.entries()) {
        await c.taskStep(i, async () => {
          if (!(await driver.snapshots(vm.vmid)).some((s) => s.name === gone)) return null;
          await c.say(serverText('terminal:ops.snapshot_rollback.deleting', { name: gone }));
          return driver.deleteSnapshot(vm.vmid, gone);
        });
      }
      await c.taskStep(later.length, () => driver.rollbackSnapshot(vm.vmid, name));
      if (p.wasRunning === true) await c.powerStep(later.length + 1, 'start');
      return snapshotsAfter(serverText('terminal:ops.snapshot_rollback.done', { name }));
    }

    case 'iso-attach': {
      const isoId = Number(p.iso);
      const iso = await c.deps.db.system((tx) => data.findIso(tx, isoId));
      if (!iso || iso.status !== 'ready' || !iso.storage_key || iso.size_bytes === null)
        throw new OperationFailed(serverText('terminal:ops.failed.cluster', { reason: 'The ISO image is no longer available' }));
      const filename = data.clusterIsoName(isoId);
      const key = iso.storage_key;
      const size = iso.size_bytes;
      await c.taskStep(0, async () => {
        if ((await driver.isos(vm.node)).some((f) => f.filename === filename && f.sizeBytes === size)) return null;
        await c.say(serverText('terminal:ops.iso_attach.copying'));
        return driver.uploadIso(vm.node, filename, size, async () => {
          const stream = await c.deps.storage.get(key);
          if (!stream)
            throw new OperationFailed(serverText('terminal:ops.failed.cluster', { reason: 'The ISO file is missing' }));
          return stream;
        });
      });
      await c.taskStep(1, async () => {
        await driver.setCdrom(vm.vmid, filename);
        return null;
      });
      return async (tx) => {
        await data.recordIsoCopy(tx, { isoId, clientId: vm.client_id, clusterId: vm.cluster_id, node: vm.node, filename });
        await data.setVmIso(tx, vm.provisioned_id, isoId);
        return { state: 'ok' };
      };
    }

    case 'iso-detach':
      await c.taskStep(0, async () => {
        await driver.setCdrom(vm.vmid, null);
        return null;
      });
      return async (tx) => {
        await data.setVmIso(tx, vm.provisioned_id, null);
        return { state: 'ok' };
      };

    default:
      throw new OperationFailed(serverText('terminal:ops.failed.cluster', { reason: `unknown operation '${op.action}'` }));
  }
}
