/** The cluster sync's SQL (system context): what each cluster's inventory says, and whose VMs are in sync. */
import type pg from 'pg';
import type { Tx } from '../../db/database.js';

/** A VM found on an online node of a cluster. */
export interface SeenVm {
  vmid: number;
  node: string;
  power: string;
  locked: boolean;
}

/** Whether the VM `v` has an operation queued or running (which then owns its power state and lock). */
const OPEN_OPERATION = `EXISTS (SELECT 1 FROM vm_operations op WHERE op.provisioned_id = v.provisioned_id AND op.status IN ('queued','running'))`;

/**
 * Records contact for every VM of the cluster that was found, and its power and lock where no
 * operation owns them; marks the cluster synced. Answers how many VMs were seen.
 */
export async function recordInventory(tx: Tx, clusterId: number, live: readonly SeenVm[]): Promise<number> {
  const r = await tx.query(
    `UPDATE vms v SET last_seen_at = now(), node = x.node,
            power_status = CASE WHEN ${OPEN_OPERATION} THEN v.power_status ELSE x.power END,
            locked = CASE WHEN ${OPEN_OPERATION} THEN v.locked WHEN x.locked THEN 'on' ELSE 'off' END
       FROM unnest($2::int[], $3::text[], $4::text[], $5::boolean[]) AS x(vmid, node, power, locked)
      WHERE v.cluster_id = $1 AND v.vmid = x.vmid AND v.state IN ('active','pending-delete')`,
    [clusterId, live.map((v) => v.vmid), live.map((v) => v.node), live.map((v) => v.power), live.map((v) => v.locked)],
  );
  await tx.query(`UPDATE clusters SET last_sync_at = now(), last_sync_error = NULL WHERE id = $1`, [clusterId]);
  return r.rowCount ?? 0;
}

/** Keeps why a cluster did not answer (its last sync time stays, so its VMs age). */
export async function recordSyncError(tx: Tx, clusterId: number, message: string): Promise<void> {
  await tx.query(`UPDATE clusters SET last_sync_error = $2 WHERE id = $1`, [clusterId, message.slice(0, 500)]);
}

/**
 * Sets each account's prox_sync_success: true while every cluster holding its servers answered
 * within the last minute. Runs on the owner pool: it spans every account.
 */
export async function refreshSyncSuccess(pool: pg.Pool): Promise<void> {
  await pool.query(
    `UPDATE clients cl SET prox_sync_success = x.ok
       FROM (SELECT v.client_id, bool_and(c.last_sync_at > now() - interval '1 minute') AS ok
               FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.state <> 'deleted' GROUP BY v.client_id) x
      WHERE cl.id = x.client_id AND cl.prox_sync_success IS DISTINCT FROM x.ok`,
  );
}
