/**
 * The simulated cluster's SQL: the sim_* tables (migrations 0007, 0012, 0027, 0029 and 0031), system data
 * without row-level security, reached through the owner pool. simulator.ts and
 * simulator-create.ts hold the cluster's rules and call these; backups, snapshots and ISO images
 * have theirs in simulator-data.repository.ts, the lifecycle (firmware, TPM, passwords, copies) in
 * simulator-lifecycle.repository.ts, the firewalls and IP sets in simulator-firewall.repository.ts.
 */
import type pg from 'pg';
import type { PowerState, TaskState } from './hypervisor.js';
import { DATA_TASK_TYPES, endDataTask, type SimDataTaskType, type SimPveLock } from './simulator-data.repository.js';
import { endLifecycleTask, isLifecycleTask } from './simulator-lifecycle.repository.js';
import { endFirewallTask } from './simulator-firewall.repository.js';

/** A pool or one of its clients inside a transaction. */
type Sql = pg.Pool | pg.PoolClient;

/** The simulator's task types, as Proxmox names them. */
export type SimTaskType =
  | 'qmstart'
  | 'qmstop'
  | 'qmshutdown'
  | 'qmreboot'
  | 'qmreset'
  | 'qmdestroy'
  | 'qmclone'
  | 'resize'
  | 'qmconfig'
  | 'fwupdate'
  | SimDataTaskType;

/** Proxmox's own locks: 'clone' while the VM is created, the others while a task of that kind runs. */
export type { SimPveLock };

/** A sim_vms row. */
export interface SimVmRow {
  vmid: number;
  node: string;
  name: string;
  power: PowerState;
  started_at: Date | null;
  locked: boolean;
  cores: number;
  memory_mb: number;
  disk_gb: number;
  boot_order: string[];
  bios: 'seabios' | 'ovmf';
  fail_next: string | null;
  /** Proxmox's own lock: 'clone' while the VM is being created, 'backup' while one runs, ... */
  pve_lock: SimPveLock | null;
  image: string | null;
  ci_user: string | null;
  ci_ipconfig: string | null;
  ci_ssh_keys: string[];
  ci_password_hash: string | null;
  /** The ISO image in the CD drive (a file name of the node's ISO storage), or null. */
  cdrom: string | null;
  /** Whether the VM has a TPM 2.0 state disk. */
  tpm: boolean;
  /** The password hashes the guest agent set, by guest user name. */
  guest_passwords: Record<string, string>;
  /** The first NIC's MAC address. */
  mac: string;
}

/** A running task whose time is up. */
export interface DueTask {
  id: number;
  /** The VM, or null for a node's task (ISO upload and removal). */
  vmid: number | null;
  type: SimTaskType;
  fail_message: string | null;
  finishes_at: Date;
  params: Record<string, unknown>;
}

/** The running tasks that end by `at`, oldest first, locked (another settler skips them). */
export async function dueTasks(c: pg.PoolClient, at: Date): Promise<DueTask[]> {
  const r = await c.query<DueTask>(
    `SELECT id, vmid, type, fail_message, finishes_at, params FROM sim_tasks
      WHERE state = 'running' AND finishes_at <= $1 ORDER BY finishes_at, id FOR UPDATE SKIP LOCKED`,
    [at],
  );
  return r.rows;
}

/**
 * What an ended task does to its VM: a succeeded one its effect (power state, destroy, the end of
 * a clone, a disk size); a failed one nothing, except that a failed clone removes the VM it was
 * making, as on Proxmox. Then the task is marked ended.
 */
export async function endTask(c: pg.PoolClient, t: DueTask): Promise<void> {
  if ((DATA_TASK_TYPES as readonly string[]).includes(t.type)) {
    await endDataTask(c, t as DueTask & { type: SimDataTaskType });
  } else if (isLifecycleTask(t)) {
    await endLifecycleTask(c, t);
  } else if (t.type === 'fwupdate') {
    await endFirewallTask(c, t);
  } else if (t.fail_message === null) {
    switch (t.type) {
      case 'qmstart':
        await c.query(`UPDATE sim_vms SET power = 'RUNNING', started_at = $2 WHERE vmid = $1 AND power = 'STOPPED'`, [
          t.vmid,
          t.finishes_at,
        ]);
        break;
      case 'qmstop':
      case 'qmshutdown':
        await c.query(`UPDATE sim_vms SET power = 'STOPPED', started_at = NULL WHERE vmid = $1`, [t.vmid]);
        break;
      case 'qmreboot':
      case 'qmreset':
        await c.query(`UPDATE sim_vms SET started_at = $2 WHERE vmid = $1 AND power = 'RUNNING'`, [t.vmid, t.finishes_at]);
        break;
      case 'qmdestroy':
        // The VM's snapshots and CD drive go with it; its backups stay on their storage.
        await c.query(`DELETE FROM sim_snapshots WHERE vmid = $1`, [t.vmid]);
        await c.query(`DELETE FROM sim_vms WHERE vmid = $1`, [t.vmid]);
        break;
      case 'qmclone':
        await c.query(`UPDATE sim_vms SET pve_lock = NULL WHERE vmid = $1 AND pve_lock = 'clone'`, [t.vmid]);
        break;
      case 'resize':
        await c.query(`UPDATE sim_vms SET disk_gb = GREATEST(disk_gb, $2) WHERE vmid = $1`, [t.vmid, Number(t.params.diskGb)]);
        break;
    }
  } else if (t.type === 'qmclone') {
    await c.query(`DELETE FROM sim_vms WHERE vmid = $1 AND pve_lock = 'clone'`, [t.vmid]);
  }
  await c.query(`UPDATE sim_tasks SET state = $2, exit_status = $3, ended_at = finishes_at WHERE id = $1`, [
    t.id,
    t.fail_message === null ? 'ok' : 'error',
    t.fail_message ?? 'OK',
  ]);
}

/** A VM's row (locked for the transaction when `forUpdate`), or undefined. */
export async function findVm(c: pg.PoolClient, vmid: number, forUpdate = false): Promise<SimVmRow | undefined> {
  const r = await c.query<SimVmRow>(`SELECT * FROM sim_vms WHERE vmid = $1${forUpdate ? ' FOR UPDATE' : ''}`, [vmid]);
  return r.rows[0];
}

/** The next task id. */
export async function nextTaskId(c: pg.PoolClient): Promise<number> {
  return Number((await c.query<{ id: string }>(`SELECT nextval('sim_task_seq') AS id`)).rows[0]!.id);
}

/** Clears the failure injected into a VM's next task (it is being used). */
export async function clearVmFailure(c: pg.PoolClient, vmid: number): Promise<void> {
  await c.query(`UPDATE sim_vms SET fail_next = NULL WHERE vmid = $1`, [vmid]);
}

/** Takes (reads and clears) the failure injected into a node's next task; null when none. */
export async function takeNodeFailure(c: pg.PoolClient, node: string): Promise<string | null> {
  const r = await c.query<{ fail_next: string }>(
    `WITH old AS (SELECT name, fail_next FROM sim_nodes WHERE name = $1 AND fail_next IS NOT NULL FOR UPDATE)
     UPDATE sim_nodes n SET fail_next = NULL FROM old WHERE n.name = old.name RETURNING old.fail_next`,
    [node],
  );
  return r.rows[0]?.fail_next ?? null;
}

/** Records a started task. */
export async function insertTask(
  c: pg.PoolClient,
  t: {
    id: number;
    upid: string;
    node: string;
    vmid: number | null;
    type: SimTaskType;
    failure: string | null;
    started: Date;
    finishes: Date;
    params: Record<string, unknown>;
  },
): Promise<void> {
  await c.query(
    `INSERT INTO sim_tasks (id, upid, node, vmid, type, fail_message, started_at, finishes_at, params) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [t.id, t.upid, t.node, t.vmid, t.type, t.failure, t.started, t.finishes, t.params],
  );
}

/** A task's state by its UPID, or undefined. */
export async function taskByUpid(
  c: pg.PoolClient,
  upid: string,
): Promise<{ state: TaskState; exit_status: string | null } | undefined> {
  const r = await c.query<{ state: TaskState; exit_status: string | null }>(
    `SELECT state, exit_status FROM sim_tasks WHERE upid = $1`,
    [upid],
  );
  return r.rows[0];
}

/** The nodes (of `only`, or all), by name. */
export async function listNodes(c: Sql, only: readonly string[] | null): Promise<Array<{ name: string; online: boolean }>> {
  const r = await c.query<{ name: string; online: boolean }>(
    `SELECT name, online FROM sim_nodes WHERE $1::text[] IS NULL OR name = ANY($1) ORDER BY name`,
    [only],
  );
  return r.rows;
}

/** The VMs on the nodes of `only` (or all), by vmid, with what the inventory shows. */
export async function listVms(
  c: Sql,
  only: readonly string[] | null,
): Promise<Array<Pick<SimVmRow, 'vmid' | 'node' | 'name' | 'power' | 'locked' | 'pve_lock'>>> {
  const r = await c.query<SimVmRow>(
    `SELECT vmid, node, name, power, locked, pve_lock FROM sim_vms WHERE $1::text[] IS NULL OR node = ANY($1) ORDER BY vmid`,
    [only],
  );
  return r.rows;
}

/** Sets a VM's own lock (the portal's lock toggle). */
export async function setVmLocked(c: pg.PoolClient, vmid: number, on: boolean): Promise<void> {
  await c.query(`UPDATE sim_vms SET locked = $2 WHERE vmid = $1`, [vmid, on]);
}

/** Renames a VM. */
export async function setVmName(c: pg.PoolClient, vmid: number, name: string): Promise<void> {
  await c.query(`UPDATE sim_vms SET name = $2 WHERE vmid = $1`, [vmid, name]);
}

/** Injects a failure into a VM's next task (null clears it). */
export async function setVmFailure(c: pg.PoolClient, vmid: number, message: string | null): Promise<void> {
  await c.query(`UPDATE sim_vms SET fail_next = $2 WHERE vmid = $1`, [vmid, message]);
}

/** Injects a failure into a node's next task (null clears it); false when there is no such node. */
export async function setNodeFailure(c: Sql, node: string, message: string | null): Promise<boolean> {
  const r = await c.query(`UPDATE sim_nodes SET fail_next = $2 WHERE name = $1`, [node, message]);
  return (r.rowCount ?? 0) > 0;
}

/** Adds a node, or sets an existing one's online flag. */
export async function upsertNode(c: Sql, name: string, online: boolean): Promise<void> {
  await c.query(
    `INSERT INTO sim_nodes (name, online) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET online = EXCLUDED.online`,
    [name, online],
  );
}

/** Adds a VM set up by hand (fixtures, the demo seed); the sequence gives the vmid when it is null. */
export async function insertVm(
  c: Sql,
  v: Pick<
    SimVmRow,
    'node' | 'name' | 'power' | 'started_at' | 'locked' | 'cores' | 'memory_mb' | 'disk_gb' | 'boot_order' | 'bios'
  > & {
    vmid: number | null;
  },
): Promise<number> {
  const r = await c.query<{ vmid: number }>(
    `INSERT INTO sim_vms (vmid, node, name, power, started_at, locked, cores, memory_mb, disk_gb, boot_order, bios)
     VALUES (COALESCE($1, nextval('sim_vmid_seq')), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING vmid`,
    [v.vmid, v.node, v.name, v.power, v.started_at, v.locked, v.cores, v.memory_mb, v.disk_gb, v.boot_order, v.bios],
  );
  return r.rows[0]!.vmid;
}

/** The next value of sim_vmid_seq, and whether a VM holds that id already. */
export async function nextSequenceVmid(c: pg.PoolClient): Promise<{ id: number; taken: boolean }> {
  const id = Number((await c.query<{ id: string }>(`SELECT nextval('sim_vmid_seq') AS id`)).rows[0]!.id);
  return { id, taken: ((await c.query(`SELECT 1 FROM sim_vms WHERE vmid = $1`, [id])).rowCount ?? 0) > 0 };
}

/** The UPID of a VM's running clone task, or null. */
export async function runningCloneTask(c: pg.PoolClient, vmid: number): Promise<string | null> {
  const t = await c.query<{ upid: string }>(
    `SELECT upid FROM sim_tasks WHERE vmid = $1 AND type = 'qmclone' AND state = 'running' ORDER BY id DESC LIMIT 1`,
    [vmid],
  );
  return t.rows[0]?.upid ?? null;
}

/** How many VMs each node holds. */
export async function vmCountsByNode(c: pg.PoolClient): Promise<Map<string, number>> {
  const r = await c.query<{ node: string; n: number }>(`SELECT node, count(*)::int AS n FROM sim_vms GROUP BY node`);
  return new Map(r.rows.map((x) => [x.node, x.n]));
}

/** Inserts a VM being cloned (locked 'clone', stopped); undefined when another run holds the vmid already. */
export async function insertCloningVm(
  c: pg.PoolClient,
  v: Pick<SimVmRow, 'vmid' | 'node' | 'name' | 'memory_mb' | 'disk_gb' | 'bios' | 'image'>,
): Promise<SimVmRow | undefined> {
  const r = await c.query<SimVmRow>(
    `INSERT INTO sim_vms (vmid, node, name, power, cores, memory_mb, disk_gb, bios, image, pve_lock)
     VALUES ($1, $2, $3, 'STOPPED', 1, $4, $5, $6, $7, 'clone') ON CONFLICT (vmid) DO NOTHING RETURNING *`,
    [v.vmid, v.node, v.name, v.memory_mb, v.disk_gb, v.bios, v.image],
  );
  return r.rows[0];
}

/** Writes a created VM's hardware and first-boot data (bios kept when null). */
export async function writeVmSetup(
  c: pg.PoolClient,
  vmid: number,
  s: {
    cores: number;
    memoryMb: number;
    bios: string | null;
    user: string | null;
    sshKeys: string[];
    passwordHash: string | null;
    ipconfig: string;
  },
): Promise<void> {
  await c.query(
    `UPDATE sim_vms SET cores = $2, memory_mb = $3, bios = COALESCE($4, bios), ci_user = $5, ci_ssh_keys = $6, ci_password_hash = $7,
                        ci_ipconfig = $8 WHERE vmid = $1`,
    [vmid, s.cores, s.memoryMb, s.bios, s.user, s.sshKeys, s.passwordHash, s.ipconfig],
  );
}
