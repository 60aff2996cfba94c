/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, its credit balance and
 * its deposits, and the bodies of the payment calls the /billing page makes (PayInvoices, Deposit).
 * Money is integer euro cents; dates are calendar days ('YYYY-MM-DD').
 */
import { z } from 'zod';

export const INVOICE_KINDS = ['order', 'monthly', 'deposit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One row of GET /api/MyInvoices, newest first. */
export interface MyInvoice {
  id: number;
  /** Gapless per year: 'PS-YYYY-NNNNNN'. */
  number: string;
  kind: InvoiceKind;
  issued_on: string;
  due_on: string;
  status: InvoiceStatus;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  paid_cents: number;
  /** The month a monthly invoice covers (its first day); null for other kinds. */
  period_start: string | null;
}

/** GET /api/MyBalance (one row): the credit balance, deposits less payments from it. */
export interface MyBalance {
  balance_cents: number;
}

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One row of GET /api/MyDeposits: a succeeded deposit, newest first. */
export interface MyDeposit {
  id: number;
  created_at: string;
  amount_cents: number;
  method: PaymentMethod;
  reference: string;
}

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

/** Limits of one deposit to the credit balance, in cents (5.00 € to 10,000.00 €). */
export const DEPOSIT_LIMITS = { minCents: 500, maxCents: 1_000_000 } as const;
/** At most this many invoices in one payment. */
export const MAX_INVOICES_PER_PAYMENT = 100;

const idempotencyKey = z.string({ error: 'invalid_data' }).min(8, 'invalid_data').max(100, 'invalid_data');

/** Body of POST /api/rpc/Deposit: adds to the credit balance by card or bank transfer. */
export const depositSchema = z.object({
  p_amount_cents: z
    .number({ error: (iss) => (iss.input === undefined ? 'deposit_amount_empty' : 'deposit_amount_invalid') })
    .int('deposit_amount_invalid')
    .min(DEPOSIT_LIMITS.minCents, 'deposit_amount_min')
    .max(DEPOSIT_LIMITS.maxCents, 'deposit_amount_max'),
  p_method: z.enum(['card', 'bank_transfer'], { error: 'payment_method_invalid' }),
  p_idempotency_key: idempotencyKey,
});
export type DepositInput = z.input<typeof depositSchema>;

/** Body of POST /api/rpc/PayInvoices: one payment for several open invoices. */
export const payInvoicesSchema = z.object({
  p_invoice_ids: z
    .array(z.number({ error: 'invalid_data' }).int('invalid_data').positive('invalid_data'), { error: 'invoices_none_selected' })
    .min(1, 'invoices_none_selected')
    .max(MAX_INVOICES_PER_PAYMENT, 'invalid_data'),
  p_method: z.enum(PAYMENT_METHODS, { error: 'payment_method_invalid' }),
  p_idempotency_key: idempotencyKey,
});
export type PayInvoicesInput = z.input<typeof payInvoicesSchema>;

/** What PayInvoices and Deposit answer: the payment, and where to go next for a card payment. */
export interface PaymentStart {
  payment_id: number;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  redirect_url?: string;
}

/**
 * Euros as typed by a person ('50', '25.50', '25,5', '1 000') → cents, or null when it is not an
 * amount with at most two decimals.
 */
export function parseEuroAmount(text: string): number | null {
  const clean = text.trim().replace(/[\s\u00a0\u202f€]/g, '');
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
