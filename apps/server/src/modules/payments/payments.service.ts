/**
 * Starting payments and learning how they ended (issue 5). Every start is idempotent: the
 * account's (client, idempotency key) pair is unique, so a double submit answers the first
 * payment. Card payments go to the card provider's page; bank transfers answer instructions;
 * payments from the balance succeed at once or are refused (422) without changing anything.
 *
 * References (contract rules/payment-reference.ts): a bank transfer for exactly one invoice (an
 * order's payment: the order's invoice) quotes that invoice's reference — the one its PDF and
 * e-mail give — and there is at most one such transfer per invoice: starting another answers the
 * pending one. Transfers for several invoices and deposits quote the payment's own reference.
 */
import type { Config } from '../../config.js';
import type { Database, Tx } from '../../db/database.js';
import type {
  PaymentInvoice,
  PaymentMethod,
  PaymentPurpose,
  PaymentStarted,
  PaymentState,
} from '@portside/contract/schemas/payments';
import { createPaymentDrivers } from '../../drivers/payments/create-payment-drivers.js';
import type { PaymentDriver } from '../../drivers/payments/payment-driver.js';
import { AppError } from '../../http/errors.js';
import { requireInvoiceableAccount } from '../billing/invoicing.js';
import { settlePayment, type Actor } from './payment-apply.js';
import * as repo from './payments.repository.js';

/** What starting or checking a payment needs of the request (a handler's ctx fits). */
export interface PaymentEnv {
  db: Database;
  config: Config;
  ip: string;
}

/** The driver of a method; null for the balance. */
export function driverOf(env: PaymentEnv, method: PaymentMethod): PaymentDriver | null {
  const drivers = createPaymentDrivers(env.db, env.config);
  return method === 'card' ? drivers.card : method === 'bank_transfer' ? drivers.bank : null;
}

/** A provider that fails to answer is a 503; the transaction (and the payment row) is undone. */
async function ask<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/** The answer for a payment: with the provider's page or the transfer instructions while pending. */
export function startedAnswer(env: PaymentEnv, p: repo.PaymentRow): PaymentStarted {
  const out: PaymentStarted = { payment_id: p.id, status: p.status, amount_cents: p.amount_cents, reference: p.reference };
  const driver = driverOf(env, p.method);
  if (driver && p.provider_ref && (p.status === 'pending' || p.method === 'bank_transfer')) {
    const next = driver.continueCheckout({ providerRef: p.provider_ref, reference: p.reference, amountCents: p.amount_cents });
    if (next.redirectUrl && p.status === 'pending') out.redirect_url = next.redirectUrl;
    if (next.bank) out.bank = next.bank;
  }
  return out;
}

/** The payment as PaymentStatus answers it, with the invoices it pays (their numbers, references and status facts). */
export async function stateAnswer(tx: Tx, env: PaymentEnv, p: repo.PaymentRow): Promise<PaymentState> {
  const invoices: PaymentInvoice[] = (await repo.invoicesOfPayment(tx, p)).map((i) => ({
    id: i.id,
    number: i.number,
    reference: i.reference,
    status: i.status,
    due_on: i.due_on,
    total_cents: i.total_cents,
    paid_cents: i.paid_cents,
  }));
  return {
    ...startedAnswer(env, p),
    purpose: p.purpose,
    method: p.method,
    order_id: p.order_id,
    order_dedicated_only: await repo.orderDedicatedOnly(tx, p.order_id),
    invoice_ids: p.invoice_ids,
    invoices,
    failure_code: p.failure_code,
    failure_message: p.failure_message,
    created_at: new Date(p.created_at).toISOString(),
    completed_at: p.completed_at ? new Date(p.completed_at).toISOString() : null,
  };
}

interface StartRequest {
  clientId: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  orderId: number | null;
  invoiceIds: number[];
  amountCents: number;
  key: string;
  /** What the provider's page shows after the reference (invoice numbers, the order). */
  label: string | null;
  /** The portal path the card provider sends the browser back to. */
  returnPath: (paymentId: number) => string;
  actor: Actor;
  /** The one invoice the payment pays (locked by the caller), if it pays exactly one: a transfer quotes its reference. */
  invoice: repo.InvoiceRow | null;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** The earlier payment of a key, or PAYMENT_KEY_REUSED when the key started something else. */
function replayOf(
  first: repo.PaymentRow,
  r: Pick<StartRequest, 'method' | 'purpose' | 'orderId' | 'invoiceIds'>,
): repo.PaymentRow {
  const same =
    first.method === r.method &&
    first.purpose === r.purpose &&
    first.order_id === r.orderId &&
    sameSet(first.invoice_ids, r.invoiceIds);
  if (!same) throw new AppError('PAYMENT_KEY_REUSED');
  return first;
}

/** The payment a key started already, if any (to answer a double submit before re-checking). */
export async function earlierPayment(
  tx: Tx,
  r: Pick<StartRequest, 'clientId' | 'key' | 'method' | 'purpose' | 'orderId' | 'invoiceIds'>,
) {
  const first = await repo.findByKey(tx, r.clientId, r.key);
  return first ? replayOf(first, r) : null;
}

/**
 * Records a payment and starts it with its driver (or settles it from the balance). A bank
 * transfer for one invoice takes the invoice's reference; when a pending transfer has it already,
 * that transfer is the answer (one reference, one transfer). Should a payment that is no longer
 * pending hold it, the new one quotes its own reference.
 */
async function startPayment(tx: Tx, env: PaymentEnv, r: StartRequest): Promise<PaymentStarted> {
  const driver = driverOf(env, r.method);
  let reference: string | null = null;
  if (r.method === 'bank_transfer' && r.invoice) {
    // Not locked: the caller holds the invoice's lock, which every start and mark of its transfer takes first.
    const holder = await repo.findByReference(tx, r.invoice.reference);
    if (holder?.method === 'bank_transfer' && holder.status === 'pending') return startedAnswer(env, holder);
    if (!holder) reference = r.invoice.reference;
  }
  const row = await repo.insertPayment(tx, { ...r, provider: driver?.name ?? 'balance', reference });
  if (!row) {
    // A concurrent call with the same key committed first: answer its payment.
    const first = await repo.findByKey(tx, r.clientId, r.key);
    if (!first) throw new AppError('PAYMENT_STATE');
    return startedAnswer(env, replayOf(first, r));
  }
  if (!driver) {
    const balance = await repo.lockedBalance(tx, r.clientId);
    if (balance < r.amountCents) {
      throw new AppError('BALANCE_INSUFFICIENT', { details: `balance ${balance}, amount ${r.amountCents}` });
    }
    return startedAnswer(env, await settlePayment(tx, row.id, { status: 'succeeded' }, r.actor));
  }
  const checkout = await ask(() =>
    driver.createCheckout({
      reference: row.reference,
      amountCents: row.amount_cents,
      description: r.label ? `${row.reference} · ${r.label}` : row.reference,
      returnUrl: r.returnPath(row.id),
    }),
  );
  await repo.setProviderRef(tx, row.id, checkout.providerRef);
  return startedAnswer(env, { ...row, provider_ref: checkout.providerRef });
}

/**
 * One payment for open invoices of the account (1 to 20). An id that is not the account's is a
 * 404 (whether it exists elsewhere is not told); an invoice that is not open a 409.
 */
export async function payInvoices(
  tx: Tx,
  env: PaymentEnv,
  p: {
    clientId: string;
    invoiceIds: number[];
    method: PaymentMethod;
    key: string;
    actor: Actor;
    returnPath?: (id: number) => string;
  },
): Promise<PaymentStarted> {
  const req = {
    clientId: p.clientId,
    key: p.key,
    method: p.method,
    purpose: 'invoices' as const,
    orderId: null,
    invoiceIds: p.invoiceIds,
  };
  const first = await earlierPayment(tx, req);
  if (first) return startedAnswer(env, first);
  const invoices = await repo.lockInvoices(tx, p.clientId, p.invoiceIds);
  if (invoices.length !== p.invoiceIds.length) throw new AppError('NotFound', { details: 'invoice' });
  const closed = invoices.filter((i) => i.status !== 'open' || i.total_cents <= i.paid_cents);
  if (closed.length) throw new AppError('INVOICE_NOT_OPEN', { details: closed.map((i) => i.number).join(', ') });
  const amountCents = invoices.reduce((sum, i) => sum + i.total_cents - i.paid_cents, 0);
  return startPayment(tx, env, {
    ...req,
    amountCents,
    label: invoices.map((i) => i.number).join(', '),
    returnPath: p.returnPath ?? ((id) => `/payment-return/invoices?payment=${id}`),
    actor: p.actor,
    invoice: invoices.length === 1 ? invoices[0]! : null,
  });
}

/** A deposit to the account's credit balance, by card or bank transfer. */
export async function deposit(
  tx: Tx,
  env: PaymentEnv,
  p: { clientId: string; amountCents: number; method: 'card' | 'bank_transfer'; key: string; actor: Actor },
): Promise<PaymentStarted> {
  const req = { clientId: p.clientId, key: p.key, method: p.method, purpose: 'deposit' as const, orderId: null, invoiceIds: [] };
  const first = await earlierPayment(tx, req);
  if (first) return startedAnswer(env, first);
  return startPayment(tx, env, {
    ...req,
    amountCents: p.amountCents,
    label: null,
    returnPath: (id) => `/payment-return/deposit?payment=${id}`,
    actor: p.actor,
    invoice: null,
  });
}

/**
 * The payment of a new order's first charge, for CreateOrder (call it in the order's transaction,
 * `env` being the handler's ctx). Idempotent on `idempotencyKey` (use one unique among the
 * account's payments, e.g. `order-<orderId>`). From the balance it succeeds at once (the order is
 * paid through onOrderPaid) or throws BALANCE_INSUFFICIENT (422), which undoes the transaction.
 * By card the browser goes to `redirect_url` and comes back to /payment-return/<orderId>; by bank
 * transfer the answer holds the instructions.
 */
export async function startOrderPayment(
  tx: Tx,
  o: { clientId: string; orderId: number; method: PaymentMethod; amountCents: number; idempotencyKey: string; actor?: Actor },
  env: PaymentEnv,
): Promise<PaymentStarted> {
  const req = {
    clientId: o.clientId,
    key: o.idempotencyKey,
    method: o.method,
    purpose: 'order' as const,
    orderId: o.orderId,
    invoiceIds: [],
  };
  const first = await earlierPayment(tx, req);
  if (first) return startedAnswer(env, first);
  return startPayment(tx, env, {
    ...req,
    amountCents: o.amountCents,
    label: `#${o.orderId}`,
    returnPath: (id) => `/payment-return/${o.orderId}?payment=${id}`,
    actor: o.actor ?? { userId: null, email: null, ip: env.ip },
    invoice: o.method === 'bank_transfer' ? await repo.lockOrderInvoice(tx, o.orderId) : null,
  });
}

/**
 * PayOrder: pays an order of the account that awaits payment (again, after a failed or cancelled
 * card payment, or by another method). The amount is the order's total. An account whose billing
 * country is not a known code gets BILLING_ADDRESS_INVALID (422) and nothing changes.
 */
export async function payOrder(
  tx: Tx,
  env: PaymentEnv,
  p: { clientId: string; orderId: number; method: PaymentMethod; key: string; actor: Actor },
): Promise<PaymentStarted> {
  const req = {
    clientId: p.clientId,
    key: p.key,
    method: p.method,
    purpose: 'order' as const,
    orderId: p.orderId,
    invoiceIds: [],
  };
  const first = await earlierPayment(tx, req);
  if (first) return startedAnswer(env, first);
  const order = await repo.lockOrder(tx, p.orderId, p.clientId);
  if (!order) throw new AppError('NotFound', { details: 'order' });
  if (order.status !== 'awaiting_payment' || order.total_cents <= 0)
    throw new AppError('PAYMENT_STATE', { hint: 'The order does not await a payment' });
  // Paying leads to provisioning and monthly invoices: not while the account's VAT is unknown.
  await requireInvoiceableAccount(tx, p.clientId);
  return startOrderPayment(
    tx,
    {
      clientId: p.clientId,
      orderId: order.id,
      method: p.method,
      amountCents: order.total_cents,
      idempotencyKey: p.key,
      actor: p.actor,
    },
    env,
  );
}

/**
 * Where a payment stands, after asking its provider: a card payment the provider has ended is
 * settled here (applied once, whoever asks first). `clientId` limits it to that account.
 */
export async function confirmPayment(
  tx: Tx,
  env: PaymentEnv,
  paymentId: number,
  clientId: string,
  actor: Actor,
): Promise<repo.PaymentRow> {
  const p = await repo.getPayment(tx, paymentId, clientId);
  if (!p) throw new AppError('NotFound', { details: 'payment' });
  const driver = driverOf(env, p.method);
  if (p.status !== 'pending' || !driver || !p.provider_ref || p.method !== 'card') return p;
  const st = await ask(() => driver.status(p.provider_ref!));
  if (st.outcome === 'pending') return p;
  return settlePayment(tx, p.id, { status: st.outcome, failureCode: st.failureCode, failureMessage: st.failureMessage }, actor);
}
