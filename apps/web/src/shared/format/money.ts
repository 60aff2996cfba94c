/** Money as the spec shows it: euros, in the interface language's number format. */

/**
 * Formats integer euro cents, e.g. 1250 → '€12.50' (en-GB) or '12,50 €' (de). Two decimals by
 * default; per-GB prices may ask for three (spec 2 §9: a 3-decimal format also exists).
 */
export function formatCents(cents: number | null | undefined, locale: string, fractionDigits = 2): string {
  const value = typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
