/**
 * Finance's reads across every account (issue 18; role finance, and staff): the invoices with
 * their account and VAT facts (search, status, CSV for the accountant), the payments received and
 * the monthly revenue by country and VAT treatment. Money is integer euro cents.
 */
import { z } from '../zod';
import { INVOICE_KINDS, INVOICE_STATUSES } from './billing';
import { PAYMENT_METHODS, PAYMENT_PURPOSES } from './payments';
import { column, dayField, timestampField } from './view-row';

/** One row of GET /api/FinanceInvoices: an invoice of any account, newest first. */
export const financeInvoiceRow = z.object({
  id: z.int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The account and its name as billed (company, or first and last name). */
  client: z.uuid(),
  client_name: z.string(),
  /** The billing country and VAT number as they were on the invoice. */
  country: z.string(),
  vat_number: z.string().nullable(),
  issued_on: dayField(),
  due_on: dayField(),
  status: z.enum(INVOICE_STATUSES),
  subtotal_cents: z.int(),
  /** The VAT rate, percent, as a decimal string ('23.00'). */
  vat_percent: column(z.string(), 'numeric'),
  /** Why no VAT: 'reverse-charge' or 'outside-eu'; null when VAT was charged. */
  vat_note: z.string().nullable(),
  vat_cents: z.int(),
  total_cents: z.int(),
  paid_cents: z.int(),
  /** Lower-case text to search in: the number, the account's name, company, owner's e-mail and VAT number. */
  search: z.string(),
});
export type FinanceInvoice = z.infer<typeof financeInvoiceRow>;

export const FINANCE_PAYMENT_STATUSES = ['succeeded', 'failed', 'cancelled'] as const;

/** One row of GET /api/FinancePayments: a payment that ended, of any account, newest first. */
export const financePaymentRow = z.object({
  id: z.int(),
  reference: z.string(),
  client: z.uuid(),
  client_name: z.string(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount_cents: z.int(),
  status: z.enum(FINANCE_PAYMENT_STATUSES),
  /** The payment provider ('test-card', a bank), or null. */
  provider: z.string().nullable(),
  /** The invoices it paid (their numbers), in id order. */
  invoice_numbers: z.array(z.string()),
  created_at: timestampField(),
  completed_at: timestampField().nullable(),
  search: z.string(),
});
export type FinancePayment = z.infer<typeof financePaymentRow>;

/**
 * One row of GET /api/FinanceRevenue: the invoices issued in one month to one billing country
 * with one VAT treatment (vat_note null: VAT charged), their net and their VAT.
 */
export const financeRevenueRow = z.object({
  /** The month's first day. */
  month: dayField(),
  country: z.string(),
  vat_note: z.string().nullable(),
  invoices: z.int(),
  net_cents: z.int(),
  vat_cents: z.int(),
});
export type FinanceRevenue = z.infer<typeof financeRevenueRow>;
