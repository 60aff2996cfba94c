/**
 * Issuing invoices: the first charge of an order, and an account's charges for a month. Both are
 * idempotent (a second call answers the invoice already issued) and take their number in the
 * transaction that writes them, so numbers have no gaps (migration 0013 next_invoice_number).
 */
import { daysInclusive, type BillingMonth } from '@portside/contract/rules/billing-period';
import { INVOICE_DUE_DAYS } from '@portside/contract/schemas/billing';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import * as repo from './billing.repository.js';
import { SELLER } from './seller.js';

export type { IssuedInvoice } from './billing.repository.js';

/** Today as a UTC calendar day, 'YYYY-MM-DD'. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** The day `days` after a calendar day. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/**
 * Refuses (BILLING_ADDRESS_INVALID, 422) to go on for an account whose billing country is not a
 * known ISO 3166 code: its VAT is unknown, so it must not be invoiced (invoice_vat() would raise).
 * CreateOrder and PayOrder call it before they change anything.
 */
export async function requireInvoiceableAccount(tx: Tx, clientId: string): Promise<void> {
  const c = await repo.billingCountry(tx, clientId);
  if (c && !c.known) throw new AppError('BILLING_ADDRESS_INVALID', { details: 'p_country: country_invalid' });
}

/**
 * The invoice of an order's first charge (kind 'order'): one line per charged server for the days
 * from the order's day to the end of that month (order_items.first_charge_cents), VAT by
 * invoice_vat() with the seller's country, the account's billing details as they are now, due in
 * 14 days. Issued 'paid' when the order is paid already (card or balance at checkout), else 'open'.
 * Idempotent: a second call for the order answers the invoice it has. Answers null for an order
 * with nothing to charge (only a free trial server): no invoice, so no number is used.
 * Runs in the caller's transaction (tenant or system); the order row is locked until it ends.
 */
export async function issueOrderInvoice(tx: Tx, orderId: number, today: string = utcDay()): Promise<repo.IssuedInvoice | null> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  const existing = await repo.orderInvoice(tx, orderId);
  if (existing) return existing;
  const items = await repo.orderChargeItems(tx, orderId);
  if (items.length === 0) return null;
  const days = daysInclusive(order.ordered_on, order.month_end);
  const lines: repo.LineDraft[] = items.map((i) => ({
    description: i.description,
    equipment_id: null,
    provisioned_id: i.provisioned_id,
    period_from: order.ordered_on,
    period_to: order.month_end,
    days,
    monthly_cents: i.monthly_cents,
    amount_cents: i.first_charge_cents,
  }));
  return writeInvoice(tx, lines, {
    clientId: order.client_id,
    kind: 'order',
    orderId,
    periodStart: null,
    issuedOn: today,
    dueOn: addDays(today, INVOICE_DUE_DAYS),
    paidAt: order.paid_at,
  });
}

/** What invoicing an account's month did. */
export type MonthOutcome =
  | { status: 'issued'; invoice: repo.IssuedInvoice; lines: number }
  | { status: 'exists'; invoice: repo.IssuedInvoice }
  | { status: 'nothing' }
  /** Not invoiced: the billing country is not a known code (VAT unknown); a run after it is corrected invoices it. */
  | { status: 'address_invalid'; country: string };

/**
 * The monthly invoice of one account (kind 'monthly', period_start the month's first day): one
 * line per cloud server for the days of the month it was billable (see monthLines: trial days and
 * days the order invoice covered are not billed again), prorated by day. Nothing is issued for a
 * month that comes to zero, nor for an account whose billing country is not a known code (its VAT
 * is unknown: 'address_invalid', nothing written, no number used). Run it in a transaction of its
 * own per account: a crash leaves no half invoice, and the advisory lock plus the unique index
 * make a re-run or a concurrent run issue it once.
 */
export async function invoiceAccountMonth(
  tx: Tx,
  clientId: string,
  month: BillingMonth,
  today: string = utcDay(),
): Promise<MonthOutcome> {
  await repo.lockAccountMonth(tx, clientId, month.start);
  const existing = await repo.monthlyInvoice(tx, clientId, month.start);
  if (existing) return { status: 'exists', invoice: existing };
  const lines = (await repo.monthLines(tx, clientId, month.start, month.end, month.days)).filter((l) => l.amount_cents > 0);
  if (lines.length === 0) return { status: 'nothing' };
  const billing = await repo.billingCountry(tx, clientId);
  if (billing && !billing.known) return { status: 'address_invalid', country: billing.country };
  const invoice = await writeInvoice(tx, lines, {
    clientId,
    kind: 'monthly',
    orderId: null,
    periodStart: month.start,
    issuedOn: today,
    dueOn: addDays(today, INVOICE_DUE_DAYS),
    paidAt: null,
  });
  return { status: 'issued', invoice, lines: lines.length };
}

/**
 * The invoice of a change of a server's monthly price (kind 'change', issue 14: an upgrade, a disk
 * resize, an IPv4 address): one line for the difference from the day of the change to the month's
 * end, prorated by day, open and due in 14 days. The caller issues it once per change (its row
 * links the invoice), in the transaction that records the change.
 */
export async function issueChangeInvoice(
  tx: Tx,
  clientId: string,
  line: repo.LineDraft,
  today: string = utcDay(),
): Promise<repo.IssuedInvoice> {
  return writeInvoice(tx, [line], {
    clientId,
    kind: 'change',
    orderId: null,
    periodStart: null,
    issuedOn: today,
    dueOn: addDays(today, INVOICE_DUE_DAYS),
    paidAt: null,
  });
}

async function writeInvoice(
  tx: Tx,
  lines: readonly repo.LineDraft[],
  d: Omit<repo.InvoiceDraft, 'subtotalCents' | 'sellerCountry'>,
): Promise<repo.IssuedInvoice> {
  const subtotalCents = lines.reduce((sum, l) => sum + l.amount_cents, 0);
  const invoice = await repo.insertInvoice(tx, { ...d, subtotalCents, sellerCountry: SELLER.country });
  await repo.insertLines(tx, invoice.id, d.clientId, lines);
  return invoice;
}
