/**
 * Finance confirms bank transfers (MarkBankTransferReceived): by a payment's reference, as before,
 * or by an invoice's, which its PDF and e-mail ask the customer to quote — also when the customer
 * never started a transfer in the portal. Each transfer is applied once (payment-apply.ts).
 */
import { parseTransferReference } from '@portside/contract/rules/payment-reference';
import type { PaymentState } from '@portside/contract/schemas/payments';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { settlePayment, type Actor } from './payment-apply.js';
import * as repo from './payments.repository.js';
import { driverOf, stateAnswer, type PaymentEnv } from './payments.service.js';

/**
 * Finance: a bank transfer with this reference (canonical form) has arrived — a payment's, or an
 * invoice's as its PDF and e-mail give it. Applies it once; asked again it answers the same result
 * without a second effect. Other methods, or a cancelled transfer, 409. An invoice's reference no
 * transfer was started for in the portal is recorded as that invoice's transfer first
 * ({@link transferForInvoice}).
 */
export async function markBankTransferReceived(
  tx: Tx,
  env: PaymentEnv,
  reference: string,
  actor: Actor & { userId: string },
): Promise<PaymentState> {
  const named = parseTransferReference(reference);
  let p = await repo.lockByReference(tx, reference);
  if (!p && named?.kind === 'invoice') p = await transferForInvoice(tx, env, named.number);
  if (!p) throw new AppError('NotFound', { details: 'payment' });
  if (p.method !== 'bank_transfer') throw new AppError('PAYMENT_STATE', { hint: 'Only bank transfers are marked received' });
  if (p.status === 'succeeded') return stateAnswer(tx, env, p);
  if (p.status !== 'pending') throw new AppError('PAYMENT_STATE', { hint: `The payment is ${p.status}` });
  return stateAnswer(tx, env, await settlePayment(tx, p.id, { status: 'succeeded', confirmedBy: actor.userId }, actor));
}

/**
 * The transfer of an invoice whose reference arrived with money though nobody started a transfer in
 * the portal (the customer paid from the PDF or the e-mail): recorded now as a pending bank transfer
 * quoting the invoice's reference, of what is open on the invoice — or, for an order's invoice
 * whose order still awaits payment, of the order, so that the order is provisioned. 404 for an
 * unknown invoice; 409 INVOICE_NOT_OPEN for one paid or void meanwhile: nothing is credited twice.
 */
async function transferForInvoice(tx: Tx, env: PaymentEnv, number: string): Promise<repo.PaymentRow> {
  const inv = await repo.lockInvoiceByNumber(tx, number);
  if (!inv) throw new AppError('NotFound', { details: 'invoice' });
  // A start or a mark that held the invoice's lock before this call may have recorded it.
  const held = await repo.lockByReference(tx, inv.reference);
  if (held) return held;
  if (inv.status !== 'open' || inv.total_cents <= inv.paid_cents) throw new AppError('INVOICE_NOT_OPEN', { details: inv.number });
  const order = inv.kind === 'order' && inv.order_id !== null ? await repo.lockOrder(tx, inv.order_id, inv.client_id) : null;
  const forOrder = order?.status === 'awaiting_payment' ? order : null;
  const row = await repo.insertPayment(tx, {
    clientId: inv.client_id,
    method: 'bank_transfer',
    purpose: forOrder ? 'order' : 'invoices',
    orderId: forOrder?.id ?? null,
    invoiceIds: forOrder ? [] : [inv.id],
    amountCents: forOrder ? forOrder.total_cents : inv.total_cents - inv.paid_cents,
    provider: driverOf(env, 'bank_transfer')!.name,
    key: `transfer-${inv.reference}`,
    reference: inv.reference,
  });
  if (!row) throw new AppError('PAYMENT_STATE', { hint: 'The transfer of this invoice was recorded by another call' });
  await repo.setProviderRef(tx, row.id, inv.reference);
  return { ...row, provider_ref: inv.reference };
}
