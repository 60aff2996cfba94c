/**
 * The references a bank transfer carries, each ending in two check digits (ISO 7064 MOD 97-10, as
 * in IBANs), so a mistyped reference is refused before it is looked up:
 * - an invoice's reference, `<invoice number>-<check>` (e.g. 'PS-2026-000042-87'): made from the
 *   invoice number, so it exists from the invoice's issue on. The PDF, the e-mail and every
 *   portal page that tells how to pay that one invoice by transfer give this one;
 * - a payment's reference, `PS-<payment id>-<check>`: every payment has one (it names it in the
 *   account's log); a transfer for several invoices, or a deposit, quotes it.
 * The SQL functions payment_reference() (migration 0015) and invoice_reference() (migration 0026)
 * make the same texts; a test holds them together.
 */

const PAYMENT_REFERENCE = /^PS-([1-9][0-9]{0,14})-([0-9]{2})$/;
const INVOICE_NUMBER = /^PS-([0-9]{4})-([0-9]{6})$/;
const INVOICE_REFERENCE = /^(PS-[0-9]{4}-[0-9]{6})-([0-9]{2})$/;

/** The two MOD 97-10 check digits of a number (02..98). */
function checkDigits(n: bigint): string {
  const check = 98n - ((n * 100n) % 97n);
  return String(check).padStart(2, '0');
}

/** The two check digits of a payment id (02..98). */
export function referenceCheckDigits(id: number): string {
  return checkDigits(BigInt(id));
}

/** The reference of a payment id, e.g. 1042 → 'PS-1042-37'. */
export function paymentReference(id: number): string {
  return `PS-${id}-${referenceCheckDigits(id)}`;
}

/** A reference as typed (spaces, lower case) in its canonical form. */
export function normalizeReference(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The payment id a reference names, or null when it is malformed or its check digits are wrong. */
export function parsePaymentReference(text: string): number | null {
  const m = PAYMENT_REFERENCE.exec(normalizeReference(text));
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && referenceCheckDigits(id) === m[2] ? id : null;
}

/** The digits of an invoice number 'PS-YYYY-NNNNNN' as one number (YYYYNNNNNN), or null for another text. */
function invoiceDigits(number: string): bigint | null {
  const m = INVOICE_NUMBER.exec(number);
  return m ? BigInt(m[1]! + m[2]!) : null;
}

/**
 * The bank-transfer reference of an invoice, from its number: 'PS-2026-000042' → 'PS-2026-000042-87'.
 * Throws for a text that is not an invoice number (a programming error: numbers come from the database).
 */
export function invoiceReference(number: string): string {
  const digits = invoiceDigits(number);
  if (digits === null) throw new Error(`not an invoice number: ${number}`);
  return `${number}-${checkDigits(digits)}`;
}

/** The invoice number a reference names, or null when it is malformed or its check digits are wrong. */
export function parseInvoiceReference(text: string): string | null {
  const m = INVOICE_REFERENCE.exec(normalizeReference(text));
  if (!m) return null;
  return checkDigits(invoiceDigits(m[1]!)!) === m[2] ? m[1]! : null;
}

/** What a transfer's reference names: a payment (by id) or an invoice (by number). */
export type TransferReference = { kind: 'payment'; paymentId: number } | { kind: 'invoice'; number: string };

/** A payment's or an invoice's reference, parsed; null when it is neither (or a check digit is wrong). */
export function parseTransferReference(text: string): TransferReference | null {
  const paymentId = parsePaymentReference(text);
  if (paymentId !== null) return { kind: 'payment', paymentId };
  const number = parseInvoiceReference(text);
  return number === null ? null : { kind: 'invoice', number };
}
