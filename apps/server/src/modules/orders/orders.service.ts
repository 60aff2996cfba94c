/**
 * CreateOrder (spec 2 §7; issue 5): from a checked-out cart to an order, its first invoice and its
 * payment, and — once paid — one provisioning job per server.
 *
 * - Only a verified account orders (VERIFICATION_REQUIRED: the browser sends it to /verification),
 *   and only one whose billing country is a known code (BILLING_ADDRESS_INVALID: its VAT is unknown).
 * - Idempotent: the (account, idempotency key) pair names one order; a repeated call answers the
 *   first call's answer and charges nothing again. Calls of one account are serialised on its row,
 *   so two checkouts racing for the one free trial cannot both win.
 * - Every line is priced and checked by the server (validateOrderLine: the offer it names, model
 *   offered at the location, image, disk, project and SSH keys of the caller; validateDedicatedLine:
 *   a dedicated offer active at the location and its hostnames), never from the browser.
 * - A dedicated server is not provisioned by a worker: once paid its item becomes an install with
 *   its service (onOrderPaid), which staff rack, install and hand over.
 * - The free trial: one server, once per account, nothing to pay, provisioned at once; it runs to
 *   the month's end (the service's trial_until).
 * - A paid order: the order invoice (issueOrderInvoice) and the payment (startOrderPayment); a
 *   payment that succeeds at once (from the balance) or a zero total provisions at once; a card or
 *   bank transfer provisions when the payment succeeds (payments call onOrderPaid).
 * - Once committed, the job invoice.mail mails the order invoice to the account's owner (open: with
 *   its pay link; paid: as a receipt); the answer never waits for the mail, and a mail that fails
 *   is retried by the job's queue and the recurring invoice.mail-retry sweep. While a card
 *   checkout is under way the mail waits for its outcome (billing/invoice-mail.repository.ts), so
 *   an order paid a moment later gets a receipt, not a pay-it-online mail.
 */
import type { CreateOrderAnswer, CreateOrderInput, OrderLine } from '@portside/contract/schemas/orders';
import type { Tx } from '../../db/database.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { JobName } from '../../jobs/job-types.js';
import { issueOrderInvoice, requireInvoiceableAccount } from '../billing/invoicing.js';
import {
  accountVat,
  validateDedicatedLine,
  validateOrderLine,
  type AnyPricedLine,
  type PricedLine,
} from '../offers/order-line.js';
import { vatCents as vatOf } from '@portside/contract/rules/order-builder';
import { startOrderPayment } from '../payments/payments.service.js';
import { requireVerified } from '../verification/verification.service.js';
import { kickOrder, onOrderPaid } from './order-paid.js';
import * as repo from './orders.repository.js';

export async function createOrder(
  u: UserCtx,
  body: CreateOrderInput & { p_items: OrderLine[] },
  /** A server copied from a backup (VmBackupRestoreToClone): the one line's source. */
  source?: PricedLine['source'],
): Promise<CreateOrderAnswer> {
  await requireVerified(u);
  const { answer, provision, invoiceId } = await u.tenant(async (tx) => {
    const clientId = await repo.lockAccount(tx);
    const earlier = await repo.answerFor(tx, clientId, body.p_idempotency_key);
    if (earlier) return { answer: earlier, provision: false, invoiceId: null };
    // No order (not even the free trial, billed monthly after it) from an account whose VAT is unknown.
    await requireInvoiceableAccount(tx, clientId);
    const trial = body.p_payment_method === 'trial';
    if (trial) await checkTrial(tx, clientId, body.p_items);
    const lines: AnyPricedLine[] = [];
    for (const [i, line] of body.p_items.entries()) {
      try {
        lines.push(
          line.kind === 'dedicated'
            ? await validateDedicatedLine(tx, line)
            : { ...(await validateOrderLine(tx, clientId, line)), ...(source ? { source } : {}) },
        );
      } catch (e) {
        throw withLinePath(e, i);
      }
    }
    const subtotal = trial ? 0 : lines.reduce((sum, l) => sum + l.first_charge_cents * l.hostnames.length, 0);
    const vat = await accountVat(tx, clientId);
    const vatCents = vatOf(subtotal, vat.percent);
    const orderId = await repo.insertOrder(tx, {
      clientId,
      userId: u.principal.userId,
      idempotencyKey: body.p_idempotency_key,
      method: body.p_payment_method,
      subtotal,
      vatPercent: vat.percent,
      vatCents,
      total: subtotal + vatCents,
      monthly: lines.reduce((sum, l) => sum + l.monthly_cents * l.hostnames.length, 0),
    });
    await repo.insertItems(tx, orderId, clientId, lines, trial);
    let payment: CreateOrderAnswer['payment'] = null;
    let status: CreateOrderAnswer['status'];
    let invoiceId: number | null = null;
    if (trial || subtotal + vatCents === 0) {
      if (!trial) invoiceId = (await issueOrderInvoice(tx, Number(orderId)))?.id ?? null;
      await onOrderPaid(tx, orderId);
      status = await repo.orderStatus(tx, orderId);
    } else {
      invoiceId = (await issueOrderInvoice(tx, Number(orderId)))?.id ?? null;
      const started = await startOrderPayment(
        tx,
        {
          clientId,
          orderId: Number(orderId),
          method: body.p_payment_method as 'card' | 'bank_transfer' | 'balance',
          amountCents: subtotal + vatCents,
          idempotencyKey: `order-${orderId}`,
        },
        u,
      );
      payment = {
        payment_id: started.payment_id,
        status: started.status,
        ...(started.redirect_url ? { redirect_url: started.redirect_url } : {}),
        ...(started.bank ? { bank: started.bank } : {}),
      };
      status = await repo.orderStatus(tx, orderId);
    }
    const answer: CreateOrderAnswer = { order_id: Number(orderId), status, total_cents: subtotal + vatCents, payment };
    await repo.saveAnswer(tx, orderId, answer);
    return { answer, provision: status === 'provisioning', invoiceId };
  });
  // Committed: hand the servers to the workers (order.sweep-provisioning sends them again if this is lost)
  if (provision) await kickOrder(u.db, u.jobs, answer.order_id);
  // ... and the order invoice to the mail job (invoice.mail-retry mails it if this send is lost).
  if (invoiceId !== null) await u.jobs.send(JobName.InvoiceMail, { invoiceId }, { singletonKey: `invoice-mail-${invoiceId}` });
  return answer;
}

/** The free trial: one cloud server, once per account. */
async function checkTrial(tx: Tx, clientId: string, items: OrderLine[]): Promise<void> {
  if (items.length !== 1 || items[0]!.quantity !== 1) {
    throw new AppError('TRIAL_ONE_SERVER', { details: `p_items: ${items.length} line(s), quantity ${items[0]?.quantity ?? 0}` });
  }
  if (items[0]!.kind === 'dedicated') throw new AppError('TRIAL_CLOUD_ONLY', { details: 'p_items.0.kind: dedicated' });
  if (await repo.hadTrial(tx, clientId)) throw new AppError('TRIAL_USED');
}

/** Names the cart line in a refusal's field lines (validateOrderLine speaks OrderQuote's p_config.…; here p_items.N.config.…). */
function withLinePath(e: unknown, index: number): unknown {
  if (!(e instanceof AppError) || !e.over.details) return e;
  const details = e.over.details
    .split('\n')
    .map((l) =>
      /^[a-z_]+(\.[a-z_]+)*:/.test(l)
        ? `p_items.${index}.${l.replace(/^p_(config|dedicated)\./, '$1.').replace(/^p_(location|quantity)\b/, '$1')}`
        : l,
    )
    .join('\n');
  return new AppError(e.code, { ...e.over, details });
}
