/**
 * Dated price changes (issue 18): staff choose the day a new price starts — today or later, at
 * most PRICE_LEAD_DAYS ahead — and a started change is history (issued invoices were computed from
 * it), so only one still to come may be withdrawn. Days are ISO calendar days in UTC.
 */
import type { MessageKey } from '../messages';
import { isCalendarDay } from './service-dates';

/** How far ahead a price change may be dated. */
export const PRICE_LEAD_DAYS = 730;

/** `day` plus `n` days, as YYYY-MM-DD (UTC). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Why `day` cannot start a new price when today is `today`, or null when it can. */
export function priceDateProblem(
  day: string,
  today: string,
): Extract<MessageKey, 'date_invalid' | 'price_date_past' | 'price_date_too_far'> | null {
  if (!isCalendarDay(day)) return 'date_invalid';
  if (day < today) return 'price_date_past';
  if (day > addDays(today, PRICE_LEAD_DAYS)) return 'price_date_too_far';
  return null;
}

/** Whether a change dated `effectiveFrom` has started by `today` (and can no longer be withdrawn). */
export function priceChangeStarted(effectiveFrom: string, today: string): boolean {
  return effectiveFrom <= today;
}
