/**
 * The simulated cluster's backups, snapshots, ISO images and CD drives (migration 0027): the SQL
 * of simulator-data.ts, and what each of their tasks does when it ends (called by endTask in
 * simulator.repository.ts, which then marks the task ended).
 */
import type pg from 'pg';
import { chainOrder } from './data-rules.js';

/** Proxmox's own locks on a VM (`lock` in its config) that the simulator sets while tasks run. */
export type SimPveLock = 'clone' | 'backup' | 'snapshot' | 'snapshot-delete' | 'rollback' | 'create';

/** A due data task as the simulator's settle hands it over (simulator.repository.ts DueTask). */
interface DueDataTask {
  id: number;
  vmid: number | null;
  type: SimDataTaskType;
  fail_message: string | null;
  finishes_at: Date;
  params: Record<string, unknown>;
}

/** The task types of backups, snapshots and ISO images, as Proxmox names them. */
export const DATA_TASK_TYPES = ['vzdump', 'imgdel', 'qmrestore', 'qmsnapshot', 'qmdelsnapshot', 'qmrollback', 'imgcopy'] as const;
export type SimDataTaskType = (typeof DATA_TASK_TYPES)[number];

/** The lock each VM task holds while it runs (Proxmox's own). */
export const TASK_LOCK: Partial<Record<SimDataTaskType, SimPveLock>> = {
  vzdump: 'backup',
  qmsnapshot: 'snapshot',
  qmdelsnapshot: 'snapshot-delete',
  qmrollback: 'rollback',
  qmrestore: 'create',
};

/** A sim_backups row. */
export interface SimBackupRow {
  volid: string;
  vmid: number;
  node: string;
  size_bytes: string;
  created_at: Date;
  protected: boolean;
  notes: string;
  disk_gb: number;
  cores: number;
  memory_mb: number;
}

/** A sim_snapshots row. */
export interface SimSnapshotRow {
  vmid: number;
  name: string;
  description: string;
  created_at: Date;
  parent: string | null;
  size_bytes: string;
  ready: boolean;
}

/** What a vzdump task writes when it is ok (its params). */
export interface BackupParams {
  volid: string;
  node: string;
  sizeBytes: number;
  createdAt: string;
  notes: string;
  diskGb: number;
  cores: number;
  memoryMb: number;
}

/** Applies an ended data task: its effect when ok, the clean-up when failed; frees the VM's lock either way. */
export async function endDataTask(c: pg.PoolClient, t: DueDataTask): Promise<void> {
  const ok = t.fail_message === null;
  const p = t.params;
  switch (t.type) {
    case 'vzdump': {
      const b = p as unknown as BackupParams;
      if (ok)
        await c.query(
          `INSERT INTO sim_backups (volid, vmid, node, size_bytes, created_at, notes, disk_gb, cores, memory_mb)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [b.volid, t.vmid, b.node, b.sizeBytes, b.createdAt, b.notes, b.diskGb, b.cores, b.memoryMb],
        );
      break;
    }
    case 'imgdel':
      if (ok && p.volid !== undefined) await c.query(`DELETE FROM sim_backups WHERE volid = $1`, [p.volid]);
      if (ok && p.filename !== undefined)
        await c.query(`DELETE FROM sim_isos WHERE node = $1 AND filename = $2`, [p.node, p.filename]);
      break;
    case 'imgcopy':
      if (ok)
        await c.query(
          `INSERT INTO sim_isos (node, filename, size_bytes, ready, created_at) VALUES ($1, $2, $3, true, $4)
           ON CONFLICT (node, filename) DO UPDATE SET size_bytes = EXCLUDED.size_bytes, ready = true, created_at = EXCLUDED.created_at`,
          [p.node, p.filename, p.sizeBytes, t.finishes_at],
        );
      break;
    case 'qmrestore':
      if (ok) {
        // The backup's hardware and disk come back; the old disks' snapshots are gone with them.
        await c.query(
          `UPDATE sim_vms SET disk_gb = $2, cores = $3, memory_mb = $4, power = 'STOPPED', started_at = NULL, cdrom = NULL
            WHERE vmid = $1`,
          [t.vmid, p.diskGb, p.cores, p.memoryMb],
        );
        await c.query(`DELETE FROM sim_snapshots WHERE vmid = $1`, [t.vmid]);
      } else if (p.asNew === true) {
        await c.query(`DELETE FROM sim_vms WHERE vmid = $1 AND pve_lock = 'create'`, [t.vmid]);
      }
      break;
    case 'qmsnapshot':
      if (ok) await c.query(`UPDATE sim_snapshots SET ready = true WHERE vmid = $1 AND name = $2`, [t.vmid, p.name]);
      else await c.query(`DELETE FROM sim_snapshots WHERE vmid = $1 AND name = $2 AND NOT ready`, [t.vmid, p.name]);
      break;
    case 'qmdelsnapshot':
      if (ok) {
        // Its children now descend from its parent, as Proxmox rewrites the `parent` keys.
        await c.query(
          `UPDATE sim_snapshots s SET parent = d.parent FROM sim_snapshots d
            WHERE d.vmid = $1 AND d.name = $2 AND s.vmid = $1 AND s.parent = $2`,
          [t.vmid, p.name],
        );
        await c.query(`DELETE FROM sim_snapshots WHERE vmid = $1 AND name = $2`, [t.vmid, p.name]);
      }
      break;
    case 'qmrollback':
      // No RAM state is kept: the VM is stopped at the snapshot's disk state.
      if (ok) await c.query(`UPDATE sim_vms SET power = 'STOPPED', started_at = NULL WHERE vmid = $1`, [t.vmid]);
      break;
  }
  const lock = TASK_LOCK[t.type];
  if (lock && t.vmid !== null)
    await c.query(`UPDATE sim_vms SET pve_lock = NULL WHERE vmid = $1 AND pve_lock = $2`, [t.vmid, lock]);
}

/** Sets Proxmox's own lock on a VM (the task that holds it frees it when it ends). */
export async function setPveLock(c: pg.PoolClient, vmid: number, lock: SimPveLock): Promise<void> {
  await c.query(`UPDATE sim_vms SET pve_lock = $2 WHERE vmid = $1`, [vmid, lock]);
}

/** A VM's backups, oldest first. */
export async function listBackups(c: pg.PoolClient, vmid: number): Promise<SimBackupRow[]> {
  return (await c.query<SimBackupRow>(`SELECT * FROM sim_backups WHERE vmid = $1 ORDER BY created_at, volid`, [vmid])).rows;
}

/** One backup of a VM (locked for the transaction), or undefined. */
export async function findBackup(c: pg.PoolClient, vmid: number, volid: string): Promise<SimBackupRow | undefined> {
  const r = await c.query<SimBackupRow>(`SELECT * FROM sim_backups WHERE vmid = $1 AND volid = $2 FOR UPDATE`, [vmid, volid]);
  return r.rows[0];
}

/** Whether a backup volid is taken, by a backup or by a backup task still running. */
export async function volidTaken(c: pg.PoolClient, volid: string): Promise<boolean> {
  const r = await c.query(
    `SELECT 1 FROM sim_backups WHERE volid = $1
     UNION ALL SELECT 1 FROM sim_tasks WHERE type = 'vzdump' AND state = 'running' AND params->>'volid' = $1`,
    [volid],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Sets a backup's protected flag. */
export async function setBackupProtected(c: pg.PoolClient, volid: string, on: boolean): Promise<void> {
  await c.query(`UPDATE sim_backups SET protected = $2 WHERE volid = $1`, [volid, on]);
}

/** A VM's snapshots (`ready` only unless `all`), oldest first: each after its parent, then by time. */
export async function listSnapshots(c: pg.PoolClient, vmid: number, all = false): Promise<SimSnapshotRow[]> {
  const r = await c.query<SimSnapshotRow>(
    `SELECT * FROM sim_snapshots WHERE vmid = $1 AND (ready OR $2) ORDER BY created_at, name`,
    [vmid, all],
  );
  return chainOrder(r.rows);
}

/** Records a snapshot being taken (not ready until its task is ok). */
export async function insertSnapshot(
  c: pg.PoolClient,
  s: { vmid: number; name: string; description: string; createdAt: Date; parent: string | null; sizeBytes: number },
): Promise<void> {
  await c.query(
    `INSERT INTO sim_snapshots (vmid, name, description, created_at, parent, size_bytes) VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.vmid, s.name, s.description, s.createdAt, s.parent, s.sizeBytes],
  );
}

/** A node's ISO images that are in place, by file name. */
export async function listIsos(c: pg.PoolClient, node: string): Promise<Array<{ filename: string; size_bytes: string }>> {
  const r = await c.query<{ filename: string; size_bytes: string }>(
    `SELECT filename, size_bytes FROM sim_isos WHERE node = $1 AND ready ORDER BY filename`,
    [node],
  );
  return r.rows;
}

/** Whether a node has an ISO image in place. */
export async function hasIso(c: pg.PoolClient, node: string, filename: string): Promise<boolean> {
  const r = await c.query(`SELECT 1 FROM sim_isos WHERE node = $1 AND filename = $2 AND ready`, [node, filename]);
  return (r.rowCount ?? 0) > 0;
}

/** Sets a VM's CD drive and boot order. */
export async function setCdrom(c: pg.PoolClient, vmid: number, filename: string | null, bootOrder: string[]): Promise<void> {
  await c.query(`UPDATE sim_vms SET cdrom = $2, boot_order = $3 WHERE vmid = $1`, [vmid, filename, bootOrder]);
}

/** Inserts the VM a restore makes (locked 'create', stopped); undefined when the vmid is held already. */
export async function insertRestoringVm(
  c: pg.PoolClient,
  v: {
    vmid: number;
    node: string;
    name: string;
    cores: number;
    memoryMb: number;
    diskGb: number;
    bios: string;
    bootOrder: string[];
  },
): Promise<{ vmid: number } | undefined> {
  const r = await c.query<{ vmid: number }>(
    `INSERT INTO sim_vms (vmid, node, name, power, cores, memory_mb, disk_gb, bios, boot_order, pve_lock)
     VALUES ($1, $2, $3, 'STOPPED', $4, $5, $6, $7, $8, 'create') ON CONFLICT (vmid) DO NOTHING RETURNING vmid`,
    [v.vmid, v.node, v.name, v.cores, v.memoryMb, v.diskGb, v.bios, v.bootOrder],
  );
  return r.rows[0];
}

/** The UPID of a VM's running task of `type`, or null. */
export async function runningTask(c: pg.PoolClient, vmid: number, type: SimDataTaskType): Promise<string | null> {
  const t = await c.query<{ upid: string }>(
    `SELECT upid FROM sim_tasks WHERE vmid = $1 AND type = $2 AND state = 'running' ORDER BY id DESC LIMIT 1`,
    [vmid, type],
  );
  return t.rows[0]?.upid ?? null;
}

/** Makes every running task of these nodes (all when null) due now. */
export async function endRunningTasks(c: pg.Pool, at: Date, nodes: readonly string[] | null): Promise<void> {
  await c.query(
    `UPDATE sim_tasks SET finishes_at = LEAST(finishes_at, $1) WHERE state = 'running' AND ($2::text[] IS NULL OR node = ANY($2))`,
    [at, nodes],
  );
}
