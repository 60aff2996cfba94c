/**
 * Payments (issue 5; spec 2 §7 'Payment and service host'): the bodies of PayInvoices, Deposit,
 * PaymentStatus and MarkBankTransferReceived, the public invoice payment, and the shapes of their
 * answers. Money is integer euro cents.
 */
import { z } from '../zod';
import { parseTransferReference } from '../rules/payment-reference';
import { timestampField } from './view-row';

/** How a payment is made: the card provider, a bank transfer, or the account's credit balance. */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a payment pays: an order's first charge, open invoices, or a deposit to the balance. */
export const PAYMENT_PURPOSES = ['order', 'invoices', 'deposit'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Where a payment stands. Only 'pending' ever changes, and exactly once. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** Limits of the payment calls. */
export const PAYMENT_LIMITS = {
  /** A deposit: from 5 € to 10 000 €, in cents. */
  depositMinCents: 500,
  depositMaxCents: 1_000_000,
  /** Invoices paid in one payment. */
  invoicesPerPayment: 20,
} as const;

/**
 * The idempotency key the browser makes once per payment dialog (a UUID): a double submit with
 * the same key answers the first payment instead of making a second.
 */
export const idempotencyKeyField = z
  .string({ error: 'idempotency_key_invalid' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'idempotency_key_invalid' });

const methodOf = <M extends readonly [PaymentMethod, ...PaymentMethod[]]>(methods: M) =>
  z.enum(methods, { error: 'payment_method_invalid' });

const invoiceId = z
  .int({ error: 'invoices_invalid' })
  .positive({ error: 'invoices_invalid' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'invoices_invalid' });

/** POST /api/rpc/PayInvoices: one payment for 1 to 20 of the account's open invoices. */
export const payInvoicesSchema = z.object({
  p_invoice_ids: z
    .array(invoiceId, { error: 'invoices_empty' })
    .min(1, { error: 'invoices_empty' })
    .max(PAYMENT_LIMITS.invoicesPerPayment, { error: 'invoices_too_many' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invoices_invalid' }),
  p_method: methodOf(PAYMENT_METHODS),
  p_idempotency_key: idempotencyKeyField,
});
export type PayInvoicesInput = z.infer<typeof payInvoicesSchema>;

/** A deposit amount in whole cents within the limits. */
export const depositAmountField = z
  .int({ error: 'deposit_amount_invalid' })
  .min(PAYMENT_LIMITS.depositMinCents, { error: 'deposit_amount_invalid' })
  .max(PAYMENT_LIMITS.depositMaxCents, { error: 'deposit_amount_invalid' });

/** POST /api/rpc/Deposit (and the service host's deposit): adds to the credit balance once paid. */
export const depositSchema = z.object({
  p_amount_cents: depositAmountField,
  p_method: methodOf(['card', 'bank_transfer']),
  p_idempotency_key: idempotencyKeyField,
});
export type DepositInput = z.infer<typeof depositSchema>;

/** POST /api/rpc/PayOrder: pays an order of the account that awaits payment (a retry after a failure). */
export const payOrderSchema = z.object({
  p_order_id: z
    .int({ error: 'order_invalid' })
    .positive({ error: 'order_invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'order_invalid' }),
  p_method: methodOf(PAYMENT_METHODS),
  p_idempotency_key: idempotencyKeyField,
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

/** POST /api/rpc/PaymentStatus: where a payment of the account stands (the return pages poll it). */
export const paymentStatusSchema = z.object({
  p_payment_id: z
    .int({ error: 'payment_invalid' })
    .positive({ error: 'payment_invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'payment_invalid' }),
});

/**
 * POST /api/rpc/MarkBankTransferReceived (finance, staff): the reference of the transfer received —
 * an invoice's ('PS-2026-000042-87', as its PDF and e-mail give it) or a payment's ('PS-1042-37').
 */
export const markBankTransferReceivedSchema = z.object({
  p_reference: z
    .string({ error: 'payment_reference_invalid' })
    .max(40, { error: 'payment_reference_invalid' })
    .refine((r) => parseTransferReference(r) !== null, { error: 'payment_reference_invalid' }),
});

/**
 * A row of GET /api/PendingBankTransfers (finance, staff): money a bank transfer may bring — a
 * transfer a customer has started in the portal, or an open invoice no transfer has been started
 * for (its PDF and e-mail ask for a transfer with the invoice's reference). Each reference is one row.
 */
export const pendingBankTransferRow = z.object({
  /** The payment's id; null for an open invoice no transfer has been started for. */
  id: z.int().nullable(),
  /** The reference the customer quotes on the transfer (an invoice's, or a payment's). */
  reference: z.string(),
  amount_cents: z.int(),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The numbers of the invoices the transfer pays (none for a deposit). */
  invoice_numbers: z.array(z.string()),
  /** When the transfer was started (the invoice issued, for an invoice without one). */
  created_at: timestampField(),
  /** The paying account (client) id. */
  client: z.guid(),
  /** The account's company name, else its owner's name. */
  client_name: z.string(),
});
export type PendingBankTransfer = z.infer<typeof pendingBankTransferRow>;

/** Rows per page of the finance list of transfers awaiting confirmation. */
export const PENDING_TRANSFERS_PAGE_SIZE = 20;

/** The public invoice payment (/pay-invoice): by card or bank transfer, never from the balance. */
export const publicInvoicePaySchema = z.object({
  p_method: methodOf(['card', 'bank_transfer']),
  p_idempotency_key: idempotencyKeyField,
});
export type PublicInvoicePayInput = z.infer<typeof publicInvoicePaySchema>;

/** What the customer transfers to: the seller's account, the reference and the amount. */
export interface BankInstructions {
  iban: string;
  bic: string;
  beneficiary: string;
  reference: string;
  amount_cents: number;
}

/** The answer of every call that starts a payment. */
export interface PaymentStarted {
  payment_id: number;
  status: PaymentStatus;
  amount_cents: number;
  reference: string;
  /** Card payments: the provider's page to send the browser to. */
  redirect_url?: string;
  /** Bank transfers: what to transfer. */
  bank?: BankInstructions;
}

/**
 * An invoice a payment pays, as the payment's pages show it: its number, its own transfer
 * reference, and the facts its shown status comes from (rules/invoice-status.ts).
 */
export interface PaymentInvoice {
  id: number;
  number: string;
  reference: string;
  status: 'open' | 'paid' | 'void';
  due_on: string;
  total_cents: number;
  paid_cents: number;
}

/** The answer of PaymentStatus: the payment as it stands after asking the provider. */
export interface PaymentState extends PaymentStarted {
  purpose: PaymentPurpose;
  method: PaymentMethod;
  order_id: number | null;
  /** An order of dedicated servers only: its servers are installs on /servers-dedicated, not cloud servers. */
  order_dedicated_only: boolean;
  invoice_ids: number[];
  /** The invoices it pays (an order's payment: the order's invoice), in id order. */
  invoices: PaymentInvoice[];
  /** Why a payment failed or was cancelled: a stable code (e.g. card_declined) and its English text. */
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  completed_at: string | null;
}

/** What the public /pay-invoice page shows of an invoice: nothing else of the account. */
export interface PublicInvoice {
  number: string;
  /** The invoice's bank-transfer reference (rules/payment-reference.ts invoiceReference). */
  reference: string;
  issued_on: string;
  due_on: string;
  status: 'open' | 'paid' | 'void';
  total_cents: number;
  paid_cents: number;
  /** What is left to pay. */
  open_cents: number;
}
