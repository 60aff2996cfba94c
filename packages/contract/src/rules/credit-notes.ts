/**
 * Credit notes (issue 18): what a credit note for part or all of a paid invoice adds up to. Its
 * VAT is the invoice's rate on the credited net, except that the credit note taking the last of
 * the invoice's net takes the last of its VAT, so an invoice credited in several parts is credited
 * exactly its total, never a cent more or less.
 */

/** What is left to credit on an invoice: its net and VAT less those of its credit notes so far. */
export interface CreditableRest {
  netCents: number;
  vatCents: number;
}

/** The VAT and total of a credit note of `netCents`, or null when that net is not creditable (≤ 0 or more than is left). */
export function creditTotals(
  netCents: number,
  rest: CreditableRest,
  vatPercent: number,
): { vatCents: number; totalCents: number } | null {
  if (!Number.isInteger(netCents) || netCents <= 0 || netCents > rest.netCents) return null;
  const vatCents =
    netCents === rest.netCents ? rest.vatCents : Math.min(rest.vatCents, Math.round((netCents * vatPercent) / 100));
  return { vatCents, totalCents: netCents + vatCents };
}
