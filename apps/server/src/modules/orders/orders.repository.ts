/** SQL of CreateOrder: the account's lock, orders and their items, the trial rule. */
import type { CreateOrderAnswer, OrderPaymentMethod } from '@portside/contract/schemas/orders';
import type { Tx } from '../../db/database.js';
import type { AnyPricedLine } from '../offers/order-line.js';

/** Locks the caller's account row for the transaction (orders of one account go one at a time); answers its id. */
export async function lockAccount(tx: Tx): Promise<string> {
  const r = await tx.query<{ id: string }>(`SELECT id FROM clients WHERE id = portside_client() FOR UPDATE`);
  return r.rows[0]!.id;
}

/** The answer CreateOrder gave for this idempotency key, if it was called with it before. */
export async function answerFor(tx: Tx, clientId: string, key: string): Promise<CreateOrderAnswer | null> {
  const r = await tx.query<{ id: string; answer: CreateOrderAnswer | null; status: CreateOrderAnswer['status'] }>(
    `SELECT id::text, answer, status FROM orders WHERE client_id = $1 AND idempotency_key = $2`,
    [clientId, key],
  );
  const row = r.rows[0];
  if (!row) return null;
  return row.answer ? { ...row.answer, status: row.status } : null;
}

/** Whether the account has taken the free trial (a trial order that did not fail, or a trial service). */
export async function hadTrial(tx: Tx, clientId: string): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM orders WHERE client_id = $1 AND payment_method = 'trial' AND status NOT IN ('failed','cancelled')
     UNION ALL SELECT 1 FROM services WHERE client_id = $1 AND trial_until IS NOT NULL LIMIT 1`,
    [clientId],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function insertOrder(
  tx: Tx,
  o: {
    clientId: string;
    userId: string;
    idempotencyKey: string;
    /** 'staff': a server staff made for the account (VmCreate), paid by nobody. */
    method: OrderPaymentMethod | 'staff';
    subtotal: number;
    vatPercent: number;
    vatCents: number;
    total: number;
    monthly: number;
  },
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO orders (client_id, user_id, idempotency_key, payment_method, status, subtotal_cents, vat_percent, vat_cents, total_cents, monthly_cents, voucher_code)
     VALUES ($1, $2, $3, $4, 'awaiting_payment', $5, $6, $7, $8, $9, (SELECT voucher_code FROM clients WHERE id = $1))
     RETURNING id::text`,
    [o.clientId, o.userId, o.idempotencyKey, o.method, o.subtotal, o.vatPercent, o.vatCents, o.total, o.monthly],
  );
  return r.rows[0]!.id;
}

/** One order item per server (a line of quantity 3 gives three, with numbered hostnames). */
export async function insertItems(
  tx: Tx,
  orderId: string,
  clientId: string,
  lines: AnyPricedLine[],
  trial: boolean,
): Promise<void> {
  let position = 0;
  for (const l of lines) {
    for (const hostname of l.hostnames) {
      position++;
      if (l.kind === 'dedicated') {
        await tx.query(
          `INSERT INTO order_items (order_id, client_id, position, offer_id, server_offer_id, location_id, hostname, monthly_cents, first_charge_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            orderId,
            clientId,
            position,
            l.offer_id,
            l.server_offer_id,
            l.location_id,
            hostname,
            l.monthly_cents,
            l.first_charge_cents,
          ],
        );
        continue;
      }
      await tx.query(
        `INSERT INTO order_items (order_id, client_id, position, offer_id, model_id, location_id, image_id, hostname, disk_gb, backups,
                                  project_id, ssh_key_ids, monthly_cents, first_charge_cents, trial, source_provisioned_id, source_volid, ipv4)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          orderId,
          clientId,
          position,
          l.offer_id,
          l.model_id,
          l.location_id,
          l.image_id,
          hostname,
          l.disk_gb,
          l.backups,
          l.project_id,
          l.ssh_key_ids,
          l.monthly_cents,
          trial ? 0 : l.first_charge_cents,
          trial,
          l.source?.provisionedId ?? null,
          l.source?.volid ?? null,
          l.ipv4 ?? true,
        ],
      );
    }
  }
}

export async function orderStatus(tx: Tx, orderId: string): Promise<CreateOrderAnswer['status']> {
  const r = await tx.query<{ status: CreateOrderAnswer['status'] }>(`SELECT status FROM orders WHERE id = $1`, [orderId]);
  return r.rows[0]!.status;
}

export async function saveAnswer(tx: Tx, orderId: string, answer: CreateOrderAnswer): Promise<void> {
  await tx.query(`UPDATE orders SET answer = $2 WHERE id = $1`, [orderId, JSON.stringify(answer)]);
}
