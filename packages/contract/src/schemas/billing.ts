/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, its credit balance and
 * its deposits. The payment calls' bodies are in schemas/payments.ts.
 * Money is integer euro cents; dates are calendar days ('YYYY-MM-DD').
 */
import type { PaymentMethod } from './payments';

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
