/** SQL of provisioning: order items, the VM rows they make, and the services they start. */
import type { Tx } from '../../db/database.js';

export interface ItemRecord {
  id: string;
  order_id: string;
  client_id: string;
  model_id: number;
  location_id: string;
  image_id: string;
  hostname: string;
  disk_gb: number;
  backups: boolean;
  project_id: string | null;
  ssh_key_ids: string[];
  monthly_cents: number;
  trial: boolean;
  status: 'pending' | 'provisioning' | 'done' | 'failed' | 'cancelled';
  cluster_id: number | null;
  node: string | null;
  vmid: number | null;
  driver_task: string | null;
  provisioned_id: string | null;
  step: number;
  attempts: number;
  cores: number;
  ram_gb: number;
  /**
   * A copy of another server: of a backup of it (VmBackupRestoreToClone, `source_volid` set) or of
   * the server itself (VmClone); the source's id, vmid, node and cluster.
   */
  source_provisioned_id: string | null;
  source_volid: string | null;
  source_vmid: number | null;
  source_node: string | null;
  source_cluster_id: number | null;
  source_name: string | null;
  /** Whether the server comes with an IPv4 address (an IPv6 one always). */
  ipv4: boolean;
}

const ITEM_COLUMNS = `i.id::text, i.order_id::text, i.client_id, i.model_id, i.location_id, i.image_id, i.hostname, i.disk_gb, i.backups,
  i.project_id::text, i.ssh_key_ids::text[], i.monthly_cents, i.trial, i.status, i.cluster_id, i.node, i.vmid, i.driver_task,
  i.provisioned_id::text, i.step, i.attempts, m.cores, m.ram_gb, i.ipv4, i.source_provisioned_id::text, i.source_volid,
  (SELECT src.vmid FROM vms src WHERE src.provisioned_id = i.source_provisioned_id) AS source_vmid,
  (SELECT src.node FROM vms src WHERE src.provisioned_id = i.source_provisioned_id) AS source_node,
  (SELECT src.cluster_id FROM vms src WHERE src.provisioned_id = i.source_provisioned_id) AS source_cluster_id,
  (SELECT src.name FROM vms src WHERE src.provisioned_id = i.source_provisioned_id) AS source_name`;

/**
 * Claims an item of a paid (or trial) order for this run: pending, or provisioning with an expired
 * lease (a crashed worker). Answers null when it is finished or a live worker holds it.
 */
export async function claimItem(tx: Tx, id: string, leaseMs: number): Promise<ItemRecord | null> {
  const r = await tx.query<ItemRecord>(
    `UPDATE order_items i SET status = 'provisioning', lease_until = now() + $2 * interval '1 millisecond',
            attempts = i.attempts + 1, updated_at = now()
       FROM orders o, vm_models m
      WHERE i.id = $1 AND o.id = i.order_id AND m.id = i.model_id AND o.status IN ('paid','provisioning')
        AND (i.status = 'pending' OR (i.status = 'provisioning' AND i.lease_until < now()))
      RETURNING ${ITEM_COLUMNS}`,
    [id, leaseMs],
  );
  return r.rows[0] ?? null;
}

export async function renewLease(tx: Tx, id: string, leaseMs: number): Promise<void> {
  await tx.query(`UPDATE order_items SET lease_until = now() + $2 * interval '1 millisecond', updated_at = now() WHERE id = $1`, [
    id,
    leaseMs,
  ]);
}

/** Gives the item back to the queue (a passing trouble): the next run may claim it at once. */
export async function releaseItem(tx: Tx, id: string): Promise<void> {
  await tx.query(`UPDATE order_items SET lease_until = now() WHERE id = $1 AND status = 'provisioning'`, [id]);
}

export async function setStep(tx: Tx, id: string, step: number, task: string | null): Promise<void> {
  await tx.query(`UPDATE order_items SET step = $2, driver_task = $3, updated_at = now() WHERE id = $1`, [id, step, task]);
}

/** The cluster at the item's location holding the fewest servers (ties: the oldest cluster). */
export async function pickCluster(tx: Tx, locationId: string): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    `SELECT c.id FROM clusters c
      WHERE c.location_id = $1
      ORDER BY (SELECT count(*) FROM vms v WHERE v.cluster_id = c.id AND v.state <> 'deleted'), c.id
      LIMIT 1`,
    [locationId],
  );
  return r.rows[0]?.id ?? null;
}

/** Whether a VM id is taken in the portal on that cluster. */
export async function vmidTaken(tx: Tx, clusterId: number, vmid: number): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM vms WHERE cluster_id = $1 AND vmid = $2 AND state <> 'deleted'`, [clusterId, vmid]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * Reserves `vmid` on the cluster for the item: the server's row (state 'creating') and the item's
 * record of it, in one statement pair. Answers the provisioned_id, or null when the id was taken
 * meanwhile (the unique cluster+vmid key).
 */
export async function reserveVm(tx: Tx, item: ItemRecord, clusterId: number, vmid: number): Promise<string | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked, state, backups_enabled,
                      external_ipv4, image_id)
     SELECT $1, coalesce($2::bigint, (SELECT id FROM projects WHERE client_id = $1 AND is_default)), $3, '', $4, $5, $6, $7, 'UNKNOWN', 'on', 'creating', $8,
            $9, $10
     ON CONFLICT DO NOTHING
     RETURNING provisioned_id::text AS id`,
    [
      item.client_id,
      item.project_id,
      clusterId,
      vmid,
      item.hostname,
      item.model_id,
      item.disk_gb,
      item.backups,
      item.ipv4 ? 1 : 0,
      item.image_id,
    ],
  );
  const id = r.rows[0]?.id ?? null;
  if (id) {
    await tx.query(
      `UPDATE order_items SET cluster_id = $2, vmid = $3, provisioned_id = $4, step = 0, driver_task = NULL, updated_at = now() WHERE id = $1`,
      [item.id, clusterId, vmid, id],
    );
  }
  return id;
}

export async function setNode(tx: Tx, item: ItemRecord, node: string): Promise<void> {
  await tx.query(`UPDATE order_items SET node = $2, updated_at = now() WHERE id = $1`, [item.id, node]);
  await tx.query(`UPDATE vms SET node = $2 WHERE provisioned_id = $1`, [item.provisioned_id, node]);
}

/** The public keys of the item's SSH keys (the account's own only). */
export async function sshKeys(tx: Tx, item: ItemRecord): Promise<string[]> {
  const r = await tx.query<{ public_key: string }>(
    `SELECT public_key FROM ssh_keys WHERE client_id = $1 AND id = ANY($2::bigint[]) ORDER BY id`,
    [item.client_id, item.ssh_key_ids],
  );
  return r.rows.map((k) => k.public_key);
}

/**
 * A cloud server's description, its key and its parameters (contract server-texts.ts
 * 'services:description.cloud_server'), from the model `m` and the location `l`.
 */
export const CLOUD_SERVER_DESCRIPTION = `'Cloud server ' || m.code || ' in ' || l.name, 'services:description.cloud_server',
  jsonb_build_object('model', m.code, 'location', l.name, 'location_id', l.id)`;

/** The last day of this month: a trial runs to it, a kept server bills from the day after. */
const TRIAL_UNTIL = `(date_trunc('month', current_date) + interval '1 month - 1 day')::date`;

/**
 * The server is made: its row goes live, the item is done, and its service starts (a trial runs
 * to the month's end). Then the order is completed when no item is left open.
 */
export async function finishItem(tx: Tx, item: ItemRecord, power: string): Promise<void> {
  await tx.query(
    `UPDATE vms SET state = 'active', power_status = $2, locked = 'off', last_seen_at = now() WHERE provisioned_id = $1`,
    [item.provisioned_id, power],
  );
  await tx.query(
    `UPDATE order_items SET status = 'done', step = 3, driver_task = NULL, lease_until = NULL, error = NULL, updated_at = now() WHERE id = $1`,
    [item.id],
  );
  const s = await tx.query<{ equipment_id: string }>(
    `INSERT INTO services (client_id, category, description, description_key, description_params, provisioned_id, order_id, start_date, min_cancel_date, contract_months, monthly_cents, trial_until)
     SELECT $1, 'cloud-server', ${CLOUD_SERVER_DESCRIPTION}, $3, $4, current_date, (current_date + interval '1 month')::date, 1, $5,
            CASE WHEN $6 THEN ${TRIAL_UNTIL} END
       FROM vm_models m, hosting_locations l WHERE m.id = $2 AND l.id = $7
     ON CONFLICT (provisioned_id) DO NOTHING
     RETURNING equipment_id::text`,
    [item.client_id, item.model_id, item.provisioned_id, item.order_id, item.monthly_cents, item.trial, item.location_id],
  );
  const equipment = s.rows[0]?.equipment_id;
  if (equipment) {
    const kinds = item.trial ? ['created', 'trial-started'] : ['created'];
    for (const kind of kinds) {
      await tx.query(
        `INSERT INTO services_history (client_id, equipment_id, change_type, start_date, end_date, category, contract_months, min_cancel_date)
         SELECT client_id, equipment_id, $2, start_date, end_date, category, contract_months, min_cancel_date FROM services WHERE equipment_id = $1`,
        [equipment, kind],
      );
    }
  }
  await settleOrder(tx, item.order_id);
}

/**
 * The item failed for good: its server row is dropped, what was paid for it goes back to the
 * account's credit balance, and the order settles. Only the first failure of an item counts.
 */
export async function failItem(tx: Tx, item: ItemRecord, message: string): Promise<void> {
  const r = await tx.query(
    `UPDATE order_items SET status = 'failed', error = $2, driver_task = NULL, lease_until = NULL, updated_at = now()
      WHERE id = $1 AND status IN ('pending','provisioning')`,
    [item.id, message.slice(0, 500)],
  );
  if (!r.rowCount) return;
  if (item.provisioned_id)
    await tx.query(`UPDATE vms SET state = 'deleted', deleted_at = now() WHERE provisioned_id = $1 AND state = 'creating'`, [
      item.provisioned_id,
    ]);
  await refundItem(tx, item.id);
  await settleOrder(tx, item.order_id);
}

/** Credits the item's first charge with its VAT to the balance when its order was paid (a trial paid nothing). */
export async function refundItem(tx: Tx, itemId: string): Promise<void> {
  await tx.query(
    `INSERT INTO balance_entries (client_id, amount_cents, kind, note)
     SELECT i.client_id, round(i.first_charge_cents * (100 + o.vat_percent) / 100)::int, 'refund',
            'Server ' || i.hostname || ' of order ' || o.id || ' could not be created'
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.id = $1 AND NOT i.trial AND o.paid_at IS NOT NULL AND i.first_charge_cents > 0`,
    [itemId],
  );
}

/** An order whose items are all done is completed; one with a failed item and none open failed. */
export async function settleOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.query(
    `UPDATE orders o SET status = CASE WHEN x.failed > 0 THEN 'failed' ELSE 'completed' END
       FROM (SELECT count(*) FILTER (WHERE status IN ('pending','provisioning')) AS open,
                    count(*) FILTER (WHERE status = 'failed') AS failed
               FROM order_items WHERE order_id = $1) x
      WHERE o.id = $1 AND x.open = 0 AND o.status IN ('paid','provisioning')`,
    [orderId],
  );
}

/** Items of paid orders nobody works on (a lost send, a dead worker), oldest first. */
export async function strandedItems(tx: Tx, olderThanMs: number): Promise<Array<{ id: string; attempts: number }>> {
  const r = await tx.query<{ id: string; attempts: number }>(
    `SELECT i.id::text, i.attempts FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.status IN ('paid','provisioning') AND i.model_id IS NOT NULL
        AND ((i.status = 'pending' AND i.updated_at < now() - $1 * interval '1 millisecond')
          OR (i.status = 'provisioning' AND i.lease_until < now()))
      ORDER BY i.updated_at LIMIT 100`,
    [olderThanMs],
  );
  return r.rows;
}

/** The pending items of an order (to send their jobs). */
export async function openItems(tx: Tx, orderId: string | number): Promise<string[]> {
  const r = await tx.query<{ id: string }>(
    `SELECT id::text FROM order_items WHERE order_id = $1 AND status = 'pending' AND model_id IS NOT NULL ORDER BY position`,
    [orderId],
  );
  return r.rows.map((x) => x.id);
}

/**
 * Fails an item the sweep gave up on (if it is still open): its reserved VM is dropped, its first
 * charge refunded, and its order failed once nothing of it is open. Answers whether it changed.
 */
export async function abandonItem(tx: Tx, itemId: string, message: string): Promise<boolean> {
  const r = await tx.query<{ order_id: string }>(
    `UPDATE order_items SET status = 'failed', error = $2, lease_until = NULL, updated_at = now()
      WHERE id = $1 AND status IN ('pending','provisioning') RETURNING order_id::text`,
    [itemId, message],
  );
  if (!r.rows[0]) return false;
  await tx.query(
    `UPDATE vms SET state = 'deleted', deleted_at = now() WHERE provisioned_id = (SELECT provisioned_id FROM order_items WHERE id = $1) AND state = 'creating'`,
    [itemId],
  );
  await refundItem(tx, itemId);
  await tx.query(
    `UPDATE orders o SET status = 'failed' WHERE o.id = $1 AND o.status IN ('paid','provisioning')
       AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = o.id AND status IN ('pending','provisioning'))`,
    [r.rows[0].order_id],
  );
  return true;
}

/** Marks the order (and its first invoice, what the payment paid) paid and due for provisioning; answers whether the order changed. */
export async function markOrderPaid(tx: Tx, orderId: number | string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE orders SET status = 'provisioning', paid_at = coalesce(paid_at, now())
      WHERE id = $1 AND status IN ('awaiting_payment','paid')`,
    [orderId],
  );
  await tx.query(
    `UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = now() WHERE order_id = $1 AND status = 'open'`,
    [orderId],
  );
  return (r.rowCount ?? 0) > 0;
}
