import {
  depositSchema,
  markBankTransferReceivedSchema,
  payInvoicesSchema,
  payOrderSchema,
  paymentStatusSchema,
} from '@portside/contract/schemas/payments';
import { normalizeReference } from '@portside/contract/rules/payment-reference';
import { anyRole, claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { kickOrder } from '../orders/order-paid.js';
import type { Actor } from './payment-apply.js';
import { markBankTransferReceived } from './bank-transfer-received.js';
import { confirmPayment, deposit, payInvoices, payOrder, stateAnswer } from './payments.service.js';
import { answerField, target, targets } from '../audit/audit-target.js';
import { queueOrderInvoiceMail } from '../billing/invoice-mail.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

const actorOf = (u: UserCtx): Actor & { userId: string } => ({ userId: u.principal.userId, email: u.principal.email, ip: u.ip });

/**
 * After a payment's commit: an order it paid goes to the workers now (the recurring
 * order.sweep-provisioning would, a little later), and once an order's payment has ended either
 * way, the order invoice's mail goes out (a receipt, or the pay link after a declined card).
 */
async function kickPaid<T extends { status: string; order_id?: number | null }>(ctx: Ctx, state: T): Promise<T> {
  if (state.status === 'succeeded' && state.order_id) await kickOrder(ctx.db, ctx.jobs, state.order_id);
  if (state.status !== 'pending' && state.order_id) await queueOrderInvoiceMail(ctx.db, ctx.jobs, state.order_id);
  return state;
}
const finance = anyRole('finance', 'staff');

/**
 * The payment calls of the account (issue 5; docs/web-api.md): paying invoices, deposits, the
 * status the return pages poll, and finance marking bank transfers received.
 */
export const paymentsRpcs: AnyRpc[] = [
  defineRpc({
    name: 'PayInvoices',
    access: manageBilling,
    schema: payInvoicesSchema,
    audit: true,
    auditTarget: (b) => [...targets('invoice', b.p_invoice_ids), `by ${b.p_method}`],
    handler: (u, b) => {
      return u.tenant((tx) =>
        payInvoices(tx, u, {
          clientId: u.principal.clientId,
          invoiceIds: b.p_invoice_ids,
          method: b.p_method,
          key: b.p_idempotency_key,
          actor: actorOf(u),
        }),
      );
    },
  }),
  defineRpc({
    name: 'Deposit',
    access: manageBilling,
    schema: depositSchema,
    audit: true,
    auditTarget: (b, r) => [
      target('payment', answerField(r, 'payment_id'), answerField(r, 'reference')?.toString()),
      `deposit of ${b.p_amount_cents} cents by ${b.p_method}`,
    ],
    handler: (u, b) => {
      return u.tenant((tx) =>
        deposit(tx, u, {
          clientId: u.principal.clientId,
          amountCents: b.p_amount_cents,
          method: b.p_method,
          key: b.p_idempotency_key,
          actor: actorOf(u),
        }),
      );
    },
  }),
  defineRpc({
    name: 'PayOrder',
    access: manageBilling,
    schema: payOrderSchema,
    audit: true,
    auditTarget: (b) => [target('order', b.p_order_id), `by ${b.p_method}`],
    handler: async (u, b) => {
      const started = await u.tenant((tx) =>
        payOrder(tx, u, {
          clientId: u.principal.clientId,
          orderId: b.p_order_id,
          method: b.p_method,
          key: b.p_idempotency_key,
          actor: actorOf(u),
        }),
      );
      return kickPaid(u, { ...started, order_id: b.p_order_id });
    },
  }),
  defineRpc({
    name: 'PaymentStatus',
    access: manageBilling,
    schema: paymentStatusSchema,
    handler: async (u, b) => {
      return kickPaid(
        u,
        await u.tenant(async (tx) =>
          stateAnswer(tx, u, await confirmPayment(tx, u, b.p_payment_id, u.principal.clientId, actorOf(u))),
        ),
      );
    },
  }),
  defineRpc({
    name: 'MarkBankTransferReceived',
    access: finance,
    schema: markBankTransferReceivedSchema,
    audit: true,
    auditTarget: (b, r) => target('payment', answerField(r, 'payment_id'), normalizeReference(b.p_reference)),
    handler: async (u, b) => {
      return kickPaid(
        u,
        await u.db.system((tx) => markBankTransferReceived(tx, u, normalizeReference(b.p_reference), actorOf(u))),
      );
    },
  }),
];
