/**
 * Calendar months of the billing (UTC days as 'YYYY-MM-DD' strings): the month a monthly
 * invoicing run covers, its first and last day, and the number of days of a date range.
 */

/** 'YYYY-MM' with a month 01-12. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface BillingMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** First day, 'YYYY-MM-01'. */
  start: string;
  /** Last day of the month. */
  end: string;
  /** Days in the month (28-31). */
  days: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month 'YYYY-MM', or null when the text is not one. */
export function billingMonth(month: string): BillingMonth | null {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { month, start: `${m[1]}-${m[2]}-01`, end: `${m[1]}-${m[2]}-${pad(days)}`, days };
}

/** The month before the one `today` falls in (UTC): what the run on the 1st invoices. */
export function previousMonth(today: Date = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The month `shift` months after 'YYYY-MM' (negative for earlier). */
export function shiftMonth(month: string, shift: number): string {
  const m = MONTH_PATTERN.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 + shift, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Days from `from` to `to`, both included ('YYYY-MM-DD'); 0 when `to` is before `from`. */
export function daysInclusive(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1;
}
