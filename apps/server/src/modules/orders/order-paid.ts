/**
 * What happens when an order's payment has been received (payments applyPayment calls it once,
 * in the transaction that records the payment).
 *
 * Minimal body of the payments branch: it only marks the order paid. The lead's version on main
 * replaces this file (provisioning the order's servers, the order invoice).
 */
import type { Tx } from '../../db/database.js';

export async function onOrderPaid(tx: Tx, orderId: number): Promise<void> {
  await tx.query(`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1 AND status = 'awaiting_payment'`, [orderId]);
}
