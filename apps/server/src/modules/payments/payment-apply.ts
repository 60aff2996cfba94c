/**
 * Applying a payment's outcome, exactly once. A pending payment moves to its outcome through one
 * conditional update (payments.repository settle); only the caller whose update took the row
 * applies a success. A replayed return, a second status poll or a second "received" changes
 * nothing.
 */
import type { PaymentStatus } from '@portside/contract/schemas/payments';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/audit.repository.js';
import { onOrderPaid } from '../orders/order-paid.js';
import * as repo from './payments.repository.js';

/** Who caused an outcome, for the account's log. */
export interface Actor {
  userId: string | null;
  email: string | null;
  ip: string;
}

/**
 * Books a succeeded payment (call it once, in the transaction that moved it to 'succeeded'):
 * - invoices: each of its invoices gets what is open of it, in id order (paid when nothing is
 *   left); whatever finds no open amount (an invoice paid meanwhile by another payment) stays with
 *   the account as credit, so no money is lost; from the balance, a debit per invoice;
 * - a deposit: a credit of the amount;
 * - an order awaiting payment: from the balance a debit; the order is paid (orders/order-paid.ts);
 *   an order paid meanwhile leaves the amount as credit.
 */
export async function applyPayment(tx: Tx, paymentId: number): Promise<void> {
  const p = await repo.getPayment(tx, paymentId);
  if (!p || p.status !== 'succeeded') throw new AppError('PAYMENT_STATE');
  const entry = (amountCents: number, kind: 'deposit' | 'payment' | 'adjustment', invoiceId?: number, note?: string) =>
    repo.addBalanceEntry(tx, { clientId: p.client_id, amountCents, kind, paymentId: p.id, invoiceId, note });
  const fromBalance = p.method === 'balance';

  if (p.purpose === 'invoices') {
    let left = p.amount_cents;
    for (const inv of await repo.lockInvoices(tx, p.client_id, p.invoice_ids)) {
      const open = inv.status === 'open' ? inv.total_cents - inv.paid_cents : 0;
      const take = Math.min(left, open);
      if (take <= 0) continue;
      await repo.payIntoInvoice(tx, inv.id, take);
      if (fromBalance) await entry(-take, 'payment', inv.id, inv.number);
      left -= take;
    }
    if (left > 0 && !fromBalance)
      await entry(left, 'adjustment', undefined, `Kept as credit: ${p.reference} found nothing more open`);
  } else if (p.purpose === 'deposit') {
    await entry(p.amount_cents, 'deposit', undefined, p.reference);
  } else {
    const order = p.order_id === null ? null : await repo.lockOrder(tx, p.order_id);
    if (order?.status === 'awaiting_payment') {
      if (fromBalance) await entry(-p.amount_cents, 'payment', undefined, `Order ${order.id}`);
      await onOrderPaid(tx, order.id);
    } else if (!fromBalance) {
      // Paid meanwhile by another payment (or closed): the money stays with the account.
      await entry(p.amount_cents, 'adjustment', undefined, `Kept as credit: order ${p.order_id} was not awaiting payment`);
    }
  }
}

const ACTION: Record<Exclude<PaymentStatus, 'pending'>, string> = {
  succeeded: 'PaymentReceived',
  failed: 'PaymentFailed',
  cancelled: 'PaymentCancelled',
};

/**
 * Moves a pending payment to its outcome and, on success, applies it — both only if this call
 * is the one that ended it. Writes the outcome to the account's log. Gives the payment as it
 * stands afterwards (also when another call had ended it first).
 */
export async function settlePayment(
  tx: Tx,
  paymentId: number,
  outcome: {
    status: Exclude<PaymentStatus, 'pending'>;
    failureCode?: string | null;
    failureMessage?: string | null;
    confirmedBy?: string | null;
  },
  actor: Actor,
): Promise<repo.PaymentRow> {
  const ended = await repo.settle(tx, paymentId, outcome);
  if (ended) {
    if (ended.status === 'succeeded') await applyPayment(tx, ended.id);
    await writeAudit(tx, {
      clientId: ended.client_id,
      userId: actor.userId,
      email: actor.email,
      action: ACTION[outcome.status],
      target: `${ended.reference} ${ended.method} ${ended.amount_cents}${ended.failure_code ? ` ${ended.failure_code}` : ''}`,
      result: ended.status === 'succeeded' ? 'ok' : 'error',
      ip: actor.ip,
    });
    return ended;
  }
  const now = await repo.getPayment(tx, paymentId);
  if (!now) throw new AppError('NotFound');
  return now;
}
