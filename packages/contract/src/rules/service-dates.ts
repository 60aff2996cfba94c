/**
 * Calendar days of services (spec 1 §2 'My Services: cancel service on a chosen date'): a service
 * ends on the day the customer chooses — today or later, never before its minimum cancel date.
 * Days are ISO calendar days (YYYY-MM-DD) in UTC, as the database keeps them; such strings compare
 * correctly as text.
 */
import type { MessageKey } from '../messages';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is an existing calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Today's calendar day in UTC. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The first day a service may end on: the later of today and its minimum cancel date. */
export function earliestEndDate(minCancelDate: string, today: string): string {
  return minCancelDate > today ? minCancelDate : today;
}

/**
 * Why `endDate` cannot be a service's end date, or null when it can: a day in the past
 * ('cancel_date_past') or before the minimum cancel date ('cancel_date_before_min').
 */
export function cancelDateProblem(
  endDate: string,
  minCancelDate: string,
  today: string,
): Extract<MessageKey, 'cancel_date_past' | 'cancel_date_before_min'> | null {
  if (endDate < today) return 'cancel_date_past';
  if (endDate < minCancelDate) return 'cancel_date_before_min';
  return null;
}
