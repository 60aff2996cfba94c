/**
 * The simulated cluster's lifecycle state (migration 0029): the SQL of simulator-lifecycle.ts, and
 * what its tasks do when they end (called by endTask in simulator.repository.ts, which then marks
 * the task ended). Its tasks: `qmconfig` (a firmware or TPM change that allocates a disk) and
 * `qmclone` with `newVmid` in its params (a full copy of a VM; the creation's qmclone has none).
 */
import type pg from 'pg';

/** A due lifecycle task as the simulator's settle hands it over (simulator.repository.ts DueTask). */
interface DueLifecycleTask {
  id: number;
  vmid: number | null;
  type: string;
  fail_message: string | null;
  params: Record<string, unknown>;
}

/** What a qmconfig task applies when it is ok: the firmware, the TPM, or both. */
export interface ConfigParams {
  bios?: 'seabios' | 'ovmf';
  tpm?: boolean;
}

/** What a copy's qmclone task names: the new VM. */
export interface CloneParams {
  newVmid: number;
  name: string;
}

/** Whether a task is one of this part's: a config change, or a copy of a VM (not the creation's clone). */
export function isLifecycleTask(t: { type: string; params: Record<string, unknown> }): boolean {
  return t.type === 'qmconfig' || (t.type === 'qmclone' && t.params.newVmid !== undefined);
}

/** Applies an ended lifecycle task: its effect when ok, the clean-up when failed; frees the locks a copy held. */
export async function endLifecycleTask(c: pg.PoolClient, t: DueLifecycleTask): Promise<void> {
  const ok = t.fail_message === null;
  if (t.type === 'qmconfig') {
    const p = t.params as ConfigParams;
    if (ok)
      await c.query(`UPDATE sim_vms SET bios = COALESCE($2, bios), tpm = COALESCE($3, tpm) WHERE vmid = $1`, [
        t.vmid,
        p.bios ?? null,
        p.tpm ?? null,
      ]);
    return;
  }
  const p = t.params as unknown as CloneParams;
  // The copy is ready (unlocked, stopped) or, when the clone failed, gone; the source is free again.
  if (ok) await c.query(`UPDATE sim_vms SET pve_lock = NULL WHERE vmid = $1 AND pve_lock = 'clone'`, [p.newVmid]);
  else await c.query(`DELETE FROM sim_vms WHERE vmid = $1 AND pve_lock = 'clone'`, [p.newVmid]);
  await c.query(`UPDATE sim_vms SET pve_lock = NULL WHERE vmid = $1 AND pve_lock = 'clone'`, [t.vmid]);
}

/** Sets a VM's boot order (Proxmox names). */
export async function setBootOrder(c: pg.PoolClient, vmid: number, order: string[]): Promise<void> {
  await c.query(`UPDATE sim_vms SET boot_order = $2 WHERE vmid = $1`, [vmid, order]);
}

/** Sets a VM's firmware at once (the switch back to SeaBIOS only removes a disk). */
export async function setBios(c: pg.PoolClient, vmid: number, bios: 'seabios' | 'ovmf'): Promise<void> {
  await c.query(`UPDATE sim_vms SET bios = $2 WHERE vmid = $1`, [vmid, bios]);
}

/** Removes a VM's TPM state disk. */
export async function removeTpm(c: pg.PoolClient, vmid: number): Promise<void> {
  await c.query(`UPDATE sim_vms SET tpm = false WHERE vmid = $1`, [vmid]);
}

/** Sets cores and memory. */
export async function setHardware(c: pg.PoolClient, vmid: number, cores: number, memoryMb: number): Promise<void> {
  await c.query(`UPDATE sim_vms SET cores = $2, memory_mb = $3 WHERE vmid = $1`, [vmid, cores, memoryMb]);
}

/** Sets the first NIC's cloud-init setting (Proxmox's ipconfig0 wording). */
export async function setIpconfig(c: pg.PoolClient, vmid: number, ipconfig: string): Promise<void> {
  await c.query(`UPDATE sim_vms SET ci_ipconfig = $2 WHERE vmid = $1`, [vmid, ipconfig]);
}

/** Records a user's new password hash inside the guest. */
export async function setGuestPassword(c: pg.PoolClient, vmid: number, user: string, hash: string): Promise<void> {
  await c.query(
    `UPDATE sim_vms SET guest_passwords = guest_passwords || jsonb_build_object($2::text, $3::text) WHERE vmid = $1`,
    [vmid, user, hash],
  );
}

/**
 * Inserts the full copy of `source` as `newVmid` named `name`: its hardware, firmware, TPM, disks
 * (size), CD drive, cloud-init settings, guest passwords and lock flag, a new MAC address, stopped
 * and under Proxmox's lock 'clone'. Snapshots stay with the source. Undefined when the vmid is
 * held already.
 */
export async function insertCopy(
  c: pg.PoolClient,
  source: number,
  copy: { vmid: number; name: string; mac: string },
): Promise<{ vmid: number } | undefined> {
  const r = await c.query<{ vmid: number }>(
    `INSERT INTO sim_vms (vmid, node, name, power, locked, cores, memory_mb, disk_gb, boot_order, bios, image, ci_user,
                          ci_ssh_keys, ci_password_hash, ci_ipconfig, cdrom, tpm, guest_passwords, mac, pve_lock)
     SELECT $2, node, $3, 'STOPPED', locked, cores, memory_mb, disk_gb, boot_order, bios, image, ci_user,
            ci_ssh_keys, ci_password_hash, ci_ipconfig, cdrom, tpm, guest_passwords, $4, 'clone'
       FROM sim_vms WHERE vmid = $1
     ON CONFLICT (vmid) DO NOTHING RETURNING vmid`,
    [source, copy.vmid, copy.name, copy.mac],
  );
  return r.rows[0];
}

/** The UPID of the running copy task that makes `newVmid`, or null. */
export async function runningCopyTask(c: pg.PoolClient, newVmid: number): Promise<string | null> {
  const t = await c.query<{ upid: string }>(
    `SELECT upid FROM sim_tasks WHERE type = 'qmclone' AND state = 'running' AND (params->>'newVmid')::int = $1
      ORDER BY id DESC LIMIT 1`,
    [newVmid],
  );
  return t.rows[0]?.upid ?? null;
}
