/**
 * The payment calls of the payment and service host (spec 2 §7) and the hashed invoice link of
 * /pay-invoice/:issuer/:invoice, shared by server and browser.
 *
 * The invoice link (what the invoice e-mail carries): `/pay-invoice/<issuer>/<invoice part>`, the
 * invoice part being `<invoice number>.<epoch>.<hash>`:
 * - invoice number: e.g. PS-2025-000123;
 * - epoch: when the link was made, Unix seconds; it works for {@link PAY_LINK_TTL_DAYS} days;
 * - hash: lower-case hex HMAC-SHA512 over `issuer|number|epoch` with a key only the server holds
 *   (derived from its data key), so knowing an invoice number is not enough to open its page.
 * The page shows the invoice's number, dates, amount and status and lets anyone holding the link
 * pay it by card or bank transfer without logging in; nothing else of the account.
 *
 * The account's calls (deposit, payment helper) carry the notification scheme's signed parts
 * (hubs.ts: issuer, e-mail with '+' as '$', client, epoch, SHA-512 over lower(e-mail) + epoch +
 * client id + the user's notification secret).
 */
import { emailPathPart, type NotificationAuth } from './hubs';

/** How long an invoice link works after it was made. */
export const PAY_LINK_TTL_DAYS = 120;

/** The invoice part of a /pay-invoice link. */
export interface InvoiceLinkPart {
  number: string;
  epoch: number;
  hash: string;
}

const INVOICE_PART = /^(PS-[0-9]{4}-[0-9]{6})\.([0-9]{1,12})\.([0-9a-f]{128})$/;

/** What the server signs for an invoice link. */
export function invoiceLinkHashInput(issuer: string, number: string, epoch: number | string): string {
  return `${issuer}|${number}|${epoch}`;
}

export function formatInvoicePart(p: InvoiceLinkPart): string {
  return `${p.number}.${p.epoch}.${p.hash}`;
}

/** Reads the invoice part of a link, or null when it is not of that form. */
export function parseInvoicePart(text: string): InvoiceLinkPart | null {
  const m = INVOICE_PART.exec(text);
  return m ? { number: m[1]!, epoch: Number(m[2]), hash: m[3]! } : null;
}

const seg = (s: string | number) => encodeURIComponent(String(s)).replaceAll('%24', '$').replaceAll('%40', '@');

const signed = (a: NotificationAuth) =>
  `${seg(a.issuer)}/${seg(emailPathPart(a.email))}/${seg(a.clientId)}/${a.epoch}/${seg(a.hash)}`;

/** Paths of the payment calls on the service host (append to its base URL). */
export const paymentPaths = {
  /** GET: the invoice ({@link PublicInvoice}); POST {p_method, p_idempotency_key}: pay it. */
  invoice: (issuer: string, invoicePart: string) => `/svc/payments/invoice/${seg(issuer)}/${seg(invoicePart)}`,
  /** GET: where a payment of that invoice stands ({@link PaymentState} without the account's other data). */
  invoicePayment: (issuer: string, invoicePart: string, paymentId: number) =>
    `/svc/payments/invoice/${seg(issuer)}/${seg(invoicePart)}/payment/${paymentId}`,
  /** POST {p_amount_cents, p_method, p_idempotency_key}: a deposit of the signed account. */
  deposit: (a: NotificationAuth) => `/svc/payments/deposit/${signed(a)}`,
  /** POST, no body: the card provider's public value as text (pspHelperValue). */
  helper: (a: NotificationAuth) => `/svc/payments/helper/${signed(a)}`,
} as const;

/**
 * Where a payment's browser comes back to (spec 2 §2: a path starting with payment-return-).
 * The orderId part is the order's id for an order, else the purpose ('invoices', 'deposit').
 */
export type ReturnTarget = number | 'invoices' | 'deposit';
