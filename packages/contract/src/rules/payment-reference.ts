/**
 * The payment reference a bank transfer carries (and every payment has): `PS-<payment id>-<check>`,
 * where the two check digits are ISO 7064 MOD 97-10 over the id (as in IBANs), so a mistyped
 * reference is refused before it is looked up. The SQL function payment_reference() (migration
 * 0015) makes the same text; a test holds the two together.
 */

const REFERENCE = /^PS-([1-9][0-9]{0,14})-([0-9]{2})$/;

/** The two check digits of a payment id (02..98). */
export function referenceCheckDigits(id: number): string {
  const check = 98 - Number((BigInt(id) * 100n) % 97n);
  return String(check).padStart(2, '0');
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
  const m = REFERENCE.exec(normalizeReference(text));
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && referenceCheckDigits(id) === m[2] ? id : null;
}
