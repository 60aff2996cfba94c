/** SQL of a paid order's dedicated servers: its open dedicated items, and marking one installed. */
import type { Tx } from '../../db/database.js';

export interface DedicatedItem {
  id: string;
  client_id: string;
  server_offer_id: number;
  offer_name: string;
  location_id: string;
  hostname: string;
  monthly_cents: number;
}

/** The paid order's dedicated items not yet made installs, locked (a second payment notice waits, then finds none). */
export async function openDedicatedItems(tx: Tx, orderId: number | string): Promise<DedicatedItem[]> {
  const r = await tx.query<DedicatedItem>(
    `SELECT i.id::text, i.client_id, i.server_offer_id, so.name AS offer_name, i.location_id, i.hostname, i.monthly_cents
       FROM order_items i JOIN server_offers so ON so.id = i.server_offer_id
       JOIN orders o ON o.id = i.order_id AND o.status IN ('paid','provisioning')
      WHERE i.order_id = $1 AND i.status = 'pending'
      ORDER BY i.position
        FOR UPDATE OF i`,
    [orderId],
  );
  return r.rows;
}

/** The item is an install now: done. */
export async function markInstalled(tx: Tx, itemId: string): Promise<void> {
  await tx.query(`UPDATE order_items SET status = 'done', lease_until = NULL, error = NULL, updated_at = now() WHERE id = $1`, [
    itemId,
  ]);
}
