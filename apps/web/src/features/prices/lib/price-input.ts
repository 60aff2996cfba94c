/**
 * The price field of a price change: staff type euros, the calls take cents — whole cents for a
 * monthly price, or cents with two decimals for a price per GB or TB (0.25 cents). The rules are
 * the contract's (priceCentsField, unitPriceCentsField, rules/price-dates), checked here before
 * the call and again on the server.
 */
import type { MessageKey } from '@portside/contract/messages';
import { priceDateProblem } from '@portside/contract/rules/price-dates';
import { PRICE_CENTS_MAX } from '@portside/contract/schemas/prices';

/** 'whole': a monthly price in whole cents; 'unit': a price per unit, cents with two decimals. */
export type PriceKind = 'whole' | 'unit';

/** Decimal places of the euro amount typed: 2 (cents) or 4 (hundredths of a cent). */
export function euroDecimals(kind: PriceKind): number {
  return kind === 'whole' ? 2 : 4;
}

/** The cents of a typed euro amount, or the message why it is not a price. */
export function centsOfEuros(
  euros: number | string | null | undefined,
  kind: PriceKind,
): { cents: number } | { problem: MessageKey } {
  const n = typeof euros === 'string' ? (euros.trim() === '' ? NaN : Number(euros)) : (euros ?? NaN);
  if (!Number.isFinite(n) || n < 0) return { problem: 'price_invalid' };
  const scale = 10 ** euroDecimals(kind);
  const scaled = Math.round(n * scale);
  if (Math.abs(scaled - n * scale) > 1e-6) return { problem: 'price_invalid' };
  const cents = kind === 'whole' ? scaled : scaled / 100;
  if (cents > PRICE_CENTS_MAX) return { problem: 'price_invalid' };
  return { cents };
}

/** The euros a price field starts with for `cents` (a number or the API's decimal string). */
export function eurosOfCents(cents: number | string): number {
  return Number(cents) / 100;
}

/** The 1st of the month after `today` (YYYY-MM-DD): where a new price most often starts. */
export function firstOfNextMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Why the day typed cannot start a new price, or null (rules/price-dates, the server's rule). */
export function startDayProblem(day: string, today: string): MessageKey | null {
  if (day.trim() === '') return 'price_date_required';
  return priceDateProblem(day, today);
}

/** The change of `item` that starts next (the earliest not started), or null when none is scheduled. */
export function nextChange<C extends { item: string; started: boolean; effective_from: string }>(
  changes: readonly C[] | undefined,
  item: string,
): C | null {
  let next: C | null = null;
  for (const c of changes ?? []) if (c.item === item && !c.started && (!next || c.effective_from < next.effective_from)) next = c;
  return next;
}
