/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, its credit balance and
 * its deposits. The payment calls' bodies are in schemas/payments.ts.
 * Money is integer euro cents; dates are calendar days ('YYYY-MM-DD').
 */
import { z } from '../zod';
import { PAYMENT_METHODS } from './payments';
import { dayField, timestampField } from './view-row';

export const INVOICE_KINDS = ['order', 'monthly', 'deposit', 'change'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One row of GET /api/MyInvoices, newest first. */
export const myInvoiceRow = z.object({
  id: z.int(),
  /** Gapless per year: 'PS-YYYY-NNNNNN'. */
  number: z.string(),
  /** What a bank transfer paying it quotes: the number with two check digits ('PS-YYYY-NNNNNN-CC'). */
  reference: z.string(),
  /** What the invoice bills: an order, a month of services, or a deposit. */
  kind: z.enum(INVOICE_KINDS),
  /** The day it was issued. */
  issued_on: dayField(),
  /** The day it is due ({@link INVOICE_DUE_DAYS} after issue). */
  due_on: dayField(),
  status: z.enum(INVOICE_STATUSES),
  subtotal_cents: z.int(),
  vat_cents: z.int(),
  total_cents: z.int(),
  /** What has been paid on it so far. */
  paid_cents: z.int(),
  /** The month a monthly invoice covers (its first day); null for other kinds. */
  period_start: dayField().nullable(),
});
export type MyInvoice = z.infer<typeof myInvoiceRow>;

/** GET /api/MyBalance (one row): the credit balance, deposits less payments from it. */
export const myBalanceRow = z.object({
  /** Euro cents; never negative. */
  balance_cents: z.int(),
});
export type MyBalance = z.infer<typeof myBalanceRow>;

/** One row of GET /api/MyDeposits: a succeeded deposit, newest first. */
export const myDepositRow = z.object({
  /** The payment's id. */
  id: z.int(),
  /** When the deposit succeeded (when it was started, if the time of success is unknown). */
  created_at: timestampField(),
  amount_cents: z.int(),
  method: z.enum(PAYMENT_METHODS),
  /** The payment's reference, as a bank transfer quotes it. */
  reference: z.string(),
});
export type MyDeposit = z.infer<typeof myDepositRow>;

/** Rows per page of the invoices table on /billing. */
export const INVOICES_PAGE_SIZE = 10;
/** Rows per page of the deposits list. */
export const DEPOSITS_PAGE_SIZE = 10;

/** Days from an invoice's issue to its due date. */
export const INVOICE_DUE_DAYS = 14;

/** What is still to pay on an invoice. */
export function openAmountCents(inv: Pick<MyInvoice, 'total_cents' | 'paid_cents'>): number {
  return Math.max(0, inv.total_cents - inv.paid_cents);
}
