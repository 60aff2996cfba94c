/**
 * Finance's reads across every account (issue 18; role finance, and staff): the invoices with
 * their account and VAT facts (search, status, CSV for the accountant), the payments received and
 * the monthly revenue by country and VAT treatment. Money is integer euro cents.
 */
import { z } from '../zod';
import { INVOICE_KINDS, INVOICE_STATUSES } from './billing';
import { PAYMENT_METHODS, PAYMENT_PURPOSES } from './payments';
import { column, dayField, timestampField } from './view-row';
import { requiredText } from './fields';

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
  /** What its credit notes took back so far: their totals, and their net. */
  credited_cents: z.int(),
  credited_net_cents: z.int(),
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

// ——— Credit notes ———

/** How a credit note's money goes back: to the account's credit balance, or by bank transfer (made by finance outside the portal). */
export const CREDIT_REFUNDS = ['balance', 'bank'] as const;
export type CreditRefund = (typeof CREDIT_REFUNDS)[number];
/** The longest reason a credit note gives. */
export const CREDIT_REASON_MAX = 500;

/** POST /api/rpc/FinanceCreditNoteCreate (finance, staff): credits `p_subtotal_cents` net of a paid invoice. */
export const creditNoteCreateSchema = z.object({
  p_invoice: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  /** The net credited, in cents; the invoice's VAT rate is added (rules/credit-notes creditTotals). */
  p_subtotal_cents: z.int({ error: 'credit_amount_invalid' }).positive({ error: 'credit_amount_invalid' }),
  p_reason: requiredText('credit_reason_empty', CREDIT_REASON_MAX),
  p_refund: z.enum(CREDIT_REFUNDS, { error: 'invalid_data' }),
});
export type CreditNoteCreateInput = z.infer<typeof creditNoteCreateSchema>;

/** The fields every reader of a credit note gets. */
const creditNoteFields = {
  id: z.int(),
  /** Gapless per year: 'CN-YYYY-NNNNNN'. */
  number: z.string(),
  /** The invoice it credits. */
  invoice: z.int(),
  invoice_number: z.string(),
  issued_on: dayField(),
  reason: z.string(),
  refund: z.enum(CREDIT_REFUNDS),
  subtotal_cents: z.int(),
  vat_cents: z.int(),
  total_cents: z.int(),
};

/** One row of GET /api/FinanceCreditNotes (finance, staff): a credit note of any account, newest first. */
export const financeCreditNoteRow = z.object({
  ...creditNoteFields,
  client: z.uuid(),
  /** The account as the invoice billed it. */
  client_name: z.string(),
  /** The e-mail of who issued it (null once that user is deleted). */
  created_by: z.string().nullable(),
  /** Lower-case text to search in: both numbers, the account's name and company, the reason. */
  search: z.string(),
});
export type FinanceCreditNote = z.infer<typeof financeCreditNoteRow>;

/** One row of GET /api/MyCreditNotes (the account's own, for billing-manage), newest first. */
export const myCreditNoteRow = z.object(creditNoteFields);
export type MyCreditNote = z.infer<typeof myCreditNoteRow>;
