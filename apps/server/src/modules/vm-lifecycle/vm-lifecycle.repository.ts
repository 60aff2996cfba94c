/**
 * SQL of a server's lifecycle calls (issue 14): the models it can be upgraded to with their prices,
 * the settings an operation leaves behind, and the plan changes (migration 0028 vm_plan_changes)
 * with the monthly difference they make.
 */
import type { Tx } from '../../db/database.js';

/** A model with the server's monthly price if it had it (its disk grown to the model's at least). */
export interface ModelPrice {
  id: number;
  code: string;
  core_type: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  /** The model's monthly list price at the server's location. */
  monthly_cents: number;
  /** The server's whole monthly price with this model (voucher, disk, backups, addresses, snapshots). */
  server_monthly_cents: number;
}

/**
 * The models of the server's location and core type that have a price there, the server's own
 * first; each with the server's whole monthly price if it had that model. Prices are today's
 * (dated price changes, migration 0041); a retired model is listed only as the server's own.
 */
export async function modelPrices(tx: Tx, id: number): Promise<ModelPrice[]> {
  const r = await tx.query<ModelPrice>(
    `SELECT m.id, m.code, m.core_type, m.cores, m.ram_gb, m.disk_gb,
            vm_list_price_on(utc_today(), m.id, vp.location_id, vp.monthly_price_cents) AS monthly_cents,
            (vm_cost_breakdown(m.id, c.location_id, greatest(v.disk_gb, m.disk_gb), v.backups_enabled, v.snapshots_gb,
              v.external_ipv4, account_discount_percent(v.client_id)) ->> 'total_cost')::int AS server_monthly_cents
       FROM vms v
       JOIN clusters c ON c.id = v.cluster_id
       JOIN vm_models cur ON cur.id = v.model_id
       JOIN vm_models m ON m.core_type = cur.core_type
       JOIN vm_prices vp ON vp.model_id = m.id AND vp.location_id = c.location_id
      WHERE v.provisioned_id = $1 AND (m.active OR m.id = v.model_id)
      ORDER BY (m.id = v.model_id) DESC, monthly_cents, m.cores, m.ram_gb, m.id`,
    [id],
  );
  return r.rows;
}

/** The cores and memory of the server's model. */
export async function modelSize(tx: Tx, id: number): Promise<{ cores: number; ram_gb: number }> {
  const r = await tx.query<{ cores: number; ram_gb: number }>(
    `SELECT m.cores, m.ram_gb FROM vms v JOIN vm_models m ON m.id = v.model_id WHERE v.provisioned_id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`server ${id} not found`);
  return row;
}

/** An active system image's smallest disk, with the server's core type; null for an unknown or retired image. */
export async function imageFit(tx: Tx, id: number, imageId: string): Promise<{ core_type: string; min_disk_gb: number } | null> {
  const r = await tx.query<{ core_type: string; min_disk_gb: number }>(
    `SELECT m.core_type, i.min_disk_gb FROM vms v JOIN vm_models m ON m.id = v.model_id
       JOIN vm_images i ON i.id = $2 AND i.active AND (NOT i.private OR portside_internal_client(v.client_id))
      WHERE v.provisioned_id = $1`,
    [id, imageId],
  );
  return r.rows[0] ?? null;
}

/** The last day of the server's free trial, when its service has one ('YYYY-MM-DD'), else null. */
export async function trialUntil(tx: Tx, id: number): Promise<string | null> {
  const r = await tx.query<{ d: string | null }>(
    `SELECT max(trial_until)::text AS d FROM services WHERE provisioned_id = $1 AND trial_until IS NOT NULL`,
    [id],
  );
  return r.rows[0]?.d ?? null;
}

/** The OpenSSH keys of the server's project (applied by a rebuild). */
export async function projectKeys(tx: Tx, id: number): Promise<string[]> {
  const r = await tx.query<{ public_key: string }>(
    `SELECT k.public_key FROM ssh_keys k JOIN vms v ON v.project_id = k.project_id AND v.client_id = k.client_id
      WHERE v.provisioned_id = $1 ORDER BY k.id`,
    [id],
  );
  return r.rows.map((k) => k.public_key);
}

/** The location of the server's cluster. */
export async function locationOf(tx: Tx, id: number): Promise<string> {
  const r = await tx.query<{ location_id: string }>(
    `SELECT c.location_id FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.provisioned_id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`server ${id} not found`);
  return row.location_id;
}

/** What a finished lifecycle operation sets on the server (only the fields given). */
export async function setVmSettings(
  tx: Tx,
  id: number,
  f: Partial<{ boot_order: string; bios: 'seabios' | 'ovmf'; tpm: boolean; image_id: string }>,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [col, v] of Object.entries(f)) {
    if (v === undefined) continue;
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  }
  if (sets.length) await tx.query(`UPDATE vms SET ${sets.join(', ')} WHERE provisioned_id = $1`, params);
}

/** After a rebuild: the CD drive is empty and the snapshots are gone with the old disk. */
export async function clearAfterRebuild(tx: Tx, id: number): Promise<void> {
  await tx.query(`UPDATE vms SET iso_id = NULL, snapshots_gb = 0 WHERE provisioned_id = $1`, [id]);
  await tx.query(`DELETE FROM vm_snapshots WHERE provisioned_id = $1`, [id]);
}

/** A change of what the server costs a month. */
export interface PlanChange {
  kind: 'upgrade' | 'resize' | 'ipv4';
  modelId: number;
  diskGb: number;
  externalIpv4: number;
}

/** The change recorded for an operation, with the monthly difference it makes, cents. */
export interface RecordedChange {
  id: number;
  created: boolean;
  monthly_delta_cents: number;
  old_code: string;
  new_code: string;
  old_disk_gb: number;
  new_disk_gb: number;
}

/**
 * Records the change an operation made and applies it to the server (model, disk, external
 * addresses), once per operation: a re-run finds the row and changes nothing. Answers the row with
 * the monthly difference between the server's price before and after (voucher, backups and
 * snapshots as they are today).
 */
export async function recordPlanChange(
  tx: Tx,
  vm: { provisioned_id: number; client_id: string },
  operationId: string,
  change: PlanChange,
  today: string,
): Promise<RecordedChange> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO vm_plan_changes (client_id, provisioned_id, operation_id, kind, changed_on, old_model_id, new_model_id,
                                  old_disk_gb, new_disk_gb, old_external_ipv4, new_external_ipv4)
     SELECT v.client_id, v.provisioned_id, $2, $3, $4::date, v.model_id, $5, v.disk_gb, greatest($6, v.disk_gb), v.external_ipv4, $7
       FROM vms v WHERE v.provisioned_id = $1
     ON CONFLICT (operation_id) DO NOTHING
     RETURNING id::int AS id`,
    [vm.provisioned_id, operationId, change.kind, today, change.modelId, change.diskGb, change.externalIpv4],
  );
  const created = inserted.rows.length > 0;
  if (created)
    await tx.query(
      `UPDATE vms v SET model_id = pc.new_model_id, disk_gb = pc.new_disk_gb, external_ipv4 = pc.new_external_ipv4
         FROM vm_plan_changes pc WHERE pc.operation_id = $2 AND v.provisioned_id = $1`,
      [vm.provisioned_id, operationId],
    );
  const r = await tx.query<Omit<RecordedChange, 'created'>>(
    `SELECT pc.id::int AS id, om.code AS old_code, nm.code AS new_code, pc.old_disk_gb, pc.new_disk_gb,
            (vm_cost_breakdown(pc.new_model_id, c.location_id, pc.new_disk_gb, v.backups_enabled, v.snapshots_gb,
               pc.new_external_ipv4, account_discount_percent(v.client_id)) ->> 'total_cost')::int
          - (vm_cost_breakdown(pc.old_model_id, c.location_id, pc.old_disk_gb, v.backups_enabled, v.snapshots_gb,
               pc.old_external_ipv4, account_discount_percent(v.client_id)) ->> 'total_cost')::int AS monthly_delta_cents
       FROM vm_plan_changes pc
       JOIN vms v ON v.provisioned_id = pc.provisioned_id
       JOIN clusters c ON c.id = v.cluster_id
       JOIN vm_models om ON om.id = pc.old_model_id
       JOIN vm_models nm ON nm.id = pc.new_model_id
      WHERE pc.operation_id = $1`,
    [operationId],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`plan change of operation ${operationId} not recorded`);
  return { ...row, created };
}

/** Links a plan change to the invoice that charged it. */
export async function setChangeInvoice(tx: Tx, changeId: number, invoiceId: number): Promise<void> {
  await tx.query(`UPDATE vm_plan_changes SET invoice_id = $2 WHERE id = $1`, [changeId, invoiceId]);
}

/** Whether an account with this id exists (staff calls, in the system context). */
export async function clientExists(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM clients WHERE id = $1) AS ok`, [id]);
  return r.rows[0]?.ok ?? false;
}

/** Whether a cluster with this id is registered. */
export async function clusterExists(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM clusters WHERE id = $1) AS ok`, [id]);
  return r.rows[0]?.ok ?? false;
}

/** Whether an IPv4 assignment of the server failed after it took its address (so a retry may finish it). */
export async function failedAssignment(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM vm_operations WHERE provisioned_id = $1 AND action = 'assign-ipv4' AND status = 'failed') AS ok`,
    [id],
  );
  return r.rows[0]?.ok ?? false;
}

/** How many port forwards the server has (issue 15): they reach it on its private IPv4 address. */
export async function portForwardCount(tx: Tx, provisionedId: number): Promise<number> {
  const r = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM port_forwards WHERE provisioned_id = $1`, [
    provisionedId,
  ]);
  return r.rows[0]!.n;
}
