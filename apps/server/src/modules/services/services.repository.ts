/**
 * SQL of My services. In a tenant transaction row-level security and the client filters limit
 * every statement to the caller's account; the month-end job (services-end.ts) runs in the system
 * context. Days are UTC calendar days (utc_today(), migration 0017) kept as 'YYYY-MM-DD' strings.
 */
import type { Tx } from '../../db/database.js';
import type { ServiceChangeType, ServiceHistoryRow } from '@portside/contract/schemas/services';

/** A service as the changing calls need it, with today and its parent's end day. */
export interface ServiceRecord {
  equipment_id: number;
  client_id: string;
  parent_equipment_id: number | null;
  category: string;
  start_date: string;
  end_date: string | null;
  min_cancel_date: string;
  trial_until: string | null;
  parent_end_date: string | null;
  today: string;
}

/** One of the caller's services (locked for the transaction unless `lock` is false); null when there is none. */
export async function findService(tx: Tx, id: number, lock = true): Promise<ServiceRecord | null> {
  const r = await tx.query<ServiceRecord>(
    `SELECT s.equipment_id, s.client_id, s.parent_equipment_id, s.category, s.start_date, s.end_date, s.min_cancel_date, s.trial_until,
            p.end_date AS parent_end_date, utc_today()::text AS today
       FROM services s LEFT JOIN services p ON p.equipment_id = s.parent_equipment_id
      WHERE s.equipment_id = $1 AND s.client_id = portside_client()
      ${lock ? 'FOR UPDATE OF s' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export interface ProductRecord {
  code: string;
  category: string;
  name: string;
  monthly_cents: number;
  contract_months: number;
  needs_parent: boolean;
}

/** An offered product by its code. */
export async function findProduct(tx: Tx, code: string): Promise<ProductRecord | null> {
  const r = await tx.query<ProductRecord>(
    `SELECT code, category, name, monthly_cents, contract_months, needs_parent FROM service_products WHERE code = $1 AND active`,
    [code],
  );
  return r.rows[0] ?? null;
}

/** Whether `id` is a server service of the caller's account that has not ended. */
export async function isActiveServer(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM services WHERE equipment_id = $1 AND client_id = portside_client()
        AND category IN ('cloud-server','dedicated-server') AND (end_date IS NULL OR end_date >= utc_today())`,
    [id],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Adds a service of `product` to the caller's account, starting today; answers its id. */
export async function insertService(
  tx: Tx,
  s: { product: ProductRecord; parent: number | null; comment: string | null },
): Promise<number> {
  const r = await tx.query<{ equipment_id: number }>(
    `INSERT INTO services (client_id, parent_equipment_id, category, description, product_code, start_date, min_cancel_date, contract_months, monthly_cents, comment)
     VALUES (portside_client(), $1, $2, $3, $7, utc_today(), (utc_today() + make_interval(months => $4))::date, $4, $5, $6)
     RETURNING equipment_id`,
    [s.parent, s.product.category, s.product.name, s.product.contract_months, s.product.monthly_cents, s.comment, s.product.code],
  );
  return r.rows[0]!.equipment_id;
}

/** Records a change of each service in `ids` with the service as it is now. */
export async function recordHistory(tx: Tx, ids: readonly number[], change: ServiceChangeType): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO services_history (client_id, equipment_id, change_type, start_date, end_date, category, contract_months, min_cancel_date)
     SELECT client_id, equipment_id, $2, start_date, end_date, category, contract_months, min_cancel_date
       FROM services WHERE equipment_id = ANY($1::bigint[]) ORDER BY equipment_id`,
    [ids, change],
  );
}

export async function setEndDate(tx: Tx, id: number, endDate: string | null): Promise<void> {
  await tx.query(`UPDATE services SET end_date = $2 WHERE equipment_id = $1`, [id, endDate]);
}

/** Add-ons of `parentId` that would outlive it ending on `endDate` end with it; answers their ids. */
export async function cancelChildren(tx: Tx, parentId: number, endDate: string): Promise<number[]> {
  const r = await tx.query<{ equipment_id: number }>(
    `UPDATE services SET end_date = $2 WHERE parent_equipment_id = $1 AND (end_date IS NULL OR end_date > $2) RETURNING equipment_id`,
    [parentId, endDate],
  );
  return r.rows.map((x) => x.equipment_id);
}

/** Add-ons that were to end with `parentId` on `oldEnd` run on when its cancellation is withdrawn; answers their ids. */
export async function withdrawChildren(tx: Tx, parentId: number, oldEnd: string): Promise<number[]> {
  const r = await tx.query<{ equipment_id: number }>(
    `UPDATE services SET end_date = NULL WHERE parent_equipment_id = $1 AND end_date = $2 RETURNING equipment_id`,
    [parentId, oldEnd],
  );
  return r.rows.map((x) => x.equipment_id);
}

/** Sets the comment; answers false when it was the same already. */
export async function setComment(tx: Tx, id: number, comment: string | null): Promise<boolean> {
  const r = await tx.query(`UPDATE services SET comment = $2 WHERE equipment_id = $1 AND comment IS DISTINCT FROM $2`, [
    id,
    comment,
  ]);
  return (r.rowCount ?? 0) > 0;
}

/** A page of the caller's history (one service's, or every one's), newest first, each row with the total. */
export async function history(
  tx: Tx,
  q: { equipmentId: number | null; limit: number; offset: number },
): Promise<ServiceHistoryRow[]> {
  const r = await tx.query<ServiceHistoryRow>(
    `SELECT h.history_id, h.equipment_id, h.change_type, h.change_date, h.start_date, h.end_date, h.category, h.contract_months,
            h.min_cancel_date, s.description, s.description_key, s.description_params, s.product_code, count(*) OVER ()::int AS total
       FROM services_history h JOIN services s ON s.equipment_id = h.equipment_id
      WHERE h.client_id = portside_client() AND ($1::bigint IS NULL OR h.equipment_id = $1)
      ORDER BY h.change_date DESC, h.history_id DESC
      LIMIT $2 OFFSET $3`,
    [q.equipmentId, q.limit, q.offset],
  );
  return r.rows;
}
