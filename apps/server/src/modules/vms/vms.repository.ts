import type { Tx } from '../../db/database.js';
import type { VmAction } from '@portside/contract/schemas/vms';

/** A VM as the rules and the operation jobs need it. */
export interface VmRecord {
  provisioned_id: number;
  client_id: string;
  cluster_id: number;
  node: string;
  vmid: number;
  name: string;
  power_status: string;
  locked: 'on' | 'off' | 'unknown';
  state: 'creating' | 'active' | 'pending-delete' | 'deleted';
  active_status: string;
  backups_enabled: boolean;
  /** The ISO image in the CD drive (iso_images.id), or null. */
  iso_id: number | null;
  /** Its model, disk, firmware, TPM, boot order and system image (issue 14). */
  model_id: number;
  disk_gb: number;
  bios: 'seabios' | 'ovmf';
  tpm: boolean;
  boot_order: string;
  image_id: string;
  /** The IPv4 address (null without one) and the external IPv4 addresses it is billed for. */
  ipv4: string | null;
  external_ipv4: number;
}

const VM_COLUMNS = `v.provisioned_id::int AS provisioned_id, v.client_id, v.cluster_id, v.node, v.vmid, v.name, v.power_status,
  v.locked, v.state, vm_activity_level(v.last_seen_at) AS active_status, v.backups_enabled, v.iso_id::int AS iso_id,
  v.model_id, v.disk_gb, v.bios, v.tpm, v.boot_order, v.image_id, host(v.ipv4) AS ipv4, v.external_ipv4`;

/**
 * One VM that is not deleted, locked for the caller's transaction. In a tenant transaction row-level
 * security (and the client filter) limit it to the caller's account; in the system context any VM.
 */
export async function lockVm(tx: Tx, id: number): Promise<VmRecord | null> {
  return findVm(tx, id, true);
}

/** One VM that is not deleted (the caller's, or any in the system context); `lock` holds it for the transaction. */
export async function findVm(tx: Tx, id: number, lock = false): Promise<VmRecord | null> {
  const r = await tx.query<VmRecord>(
    `SELECT ${VM_COLUMNS} FROM vms v
      WHERE v.provisioned_id = $1 AND v.state <> 'deleted' AND (portside_system() OR v.client_id = portside_client())
      ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** An operation as its job sees it. */
export interface OperationRecord {
  id: string;
  client_id: string;
  provisioned_id: number;
  action: VmAction;
  params: Record<string, unknown>;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  step: number;
  driver_task: string | null;
  attempts: number;
  started_at: Date | null;
}

/**
 * Records an operation as queued. The partial unique index allows one open operation per VM:
 * a second one raises unique_violation, which the service reports as 'Operation in progress'.
 */
export async function insertOperation(
  tx: Tx,
  o: { clientId: string; provisionedId: number; action: VmAction; params: Record<string, unknown>; userId: string | null },
): Promise<string | null> {
  await tx.query('SAVEPOINT op');
  try {
    const r = await tx.query<{ id: string }>(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, params, requested_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [o.clientId, o.provisionedId, o.action, JSON.stringify(o.params), o.userId],
    );
    await tx.query('RELEASE SAVEPOINT op');
    return r.rows[0]!.id;
  } catch (e) {
    await tx.query('ROLLBACK TO SAVEPOINT op');
    if ((e as { code?: string }).code === '23505') return null;
    throw e;
  }
}

/**
 * Takes an operation for this run: a queued one, or a running one whose worker's lease ran out (a
 * crashed worker). Nothing when it is finished or another live worker holds it.
 */
export async function claimOperation(tx: Tx, id: string, leaseMs: number): Promise<OperationRecord | null> {
  const r = await tx.query<OperationRecord>(
    `UPDATE vm_operations SET status = 'running', started_at = coalesce(started_at, now()), attempts = attempts + 1,
            lease_until = now() + make_interval(secs => $2::double precision / 1000)
      WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND lease_until < now()))
      RETURNING id, client_id, provisioned_id::int AS provisioned_id, action, params, status, step, driver_task, attempts, started_at`,
    [id, leaseMs],
  );
  return r.rows[0] ?? null;
}

/** Keeps the lease while the worker waits on the cluster. */
export async function renewLease(tx: Tx, id: string, leaseMs: number): Promise<void> {
  await tx.query(
    `UPDATE vm_operations SET lease_until = now() + make_interval(secs => $2::double precision / 1000) WHERE id = $1 AND status = 'running'`,
    [id, leaseMs],
  );
}

/** Gives a running operation back: its lease ends now, so the queue's retry (or the sweeper) can claim it again. */
export async function releaseOperation(tx: Tx, id: string): Promise<void> {
  await tx.query(`UPDATE vm_operations SET lease_until = now() WHERE id = $1 AND status = 'running'`, [id]);
}

/** Records the cluster task in flight (and the step it belongs to) before waiting on it. */
export async function setDriverTask(tx: Tx, id: string, step: number, task: string | null): Promise<void> {
  await tx.query(`UPDATE vm_operations SET step = $2, driver_task = $3 WHERE id = $1`, [id, step, task]);
}

export async function finishOperation(tx: Tx, id: string, ok: boolean, message: string): Promise<void> {
  await tx.query(
    // A password the operation carried (sealed) is dropped with it.
    `UPDATE vm_operations SET status = $2, message = $3, finished_at = now(), lease_until = NULL, params = params - 'secret'
      WHERE id = $1 AND status = 'running'`,
    [id, ok ? 'succeeded' : 'failed', message.slice(0, 1000)],
  );
}

/** Updates what the portal shows of a VM (only the fields given). */
export async function updateVm(
  tx: Tx,
  id: number,
  f: Partial<{
    power_status: string;
    locked: 'on' | 'off' | 'unknown';
    name: string;
    state: 'active' | 'pending-delete' | 'deleted';
    seen: boolean;
  }>,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    sets.push(`${sql} = $${params.length}`);
  };
  if (f.power_status !== undefined) add('power_status', f.power_status);
  if (f.locked !== undefined) add('locked', f.locked);
  if (f.name !== undefined) add('name', f.name);
  if (f.state !== undefined) {
    add('state', f.state);
    sets.push(f.state === 'deleted' ? 'deleted_at = now()' : 'deleted_at = NULL');
  }
  if (f.seen) sets.push('last_seen_at = now()');
  if (!sets.length) return;
  await tx.query(`UPDATE vms SET ${sets.join(', ')} WHERE provisioned_id = $1`, params);
}

/** Open operations nobody is working on: queued for a while, or running with an expired lease. */
export async function strandedOperations(
  tx: Tx,
  queuedForMs: number,
): Promise<Array<{ id: string; attempts: number; status: string }>> {
  const r = await tx.query<{ id: string; attempts: number; status: string }>(
    `SELECT id, attempts, status FROM vm_operations
      WHERE (status = 'queued' AND created_at < now() - make_interval(secs => $1::double precision / 1000))
         OR (status = 'running' AND lease_until < now())
      ORDER BY created_at LIMIT 200`,
    [queuedForMs],
  );
  return r.rows;
}

/** Fails a stranded operation for good (a queued one is taken first); its VM's pending power state becomes UNKNOWN. */
export async function abandonOperation(tx: Tx, id: string, message: string): Promise<void> {
  await tx.query(`UPDATE vm_operations SET status = 'running' WHERE id = $1 AND status = 'queued'`, [id]);
  await finishOperation(tx, id, false, message);
  await tx.query(
    `UPDATE vms SET power_status = 'UNKNOWN' WHERE provisioned_id = (SELECT provisioned_id FROM vm_operations WHERE id = $1)
       AND power_status LIKE 'PRE-%'`,
    [id],
  );
}
