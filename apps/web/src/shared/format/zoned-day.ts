/**
 * Day boundaries in the account's timezone, for date-range filters over UTC timestamps
 * (DESIGN §6). Formatting for display is in ./date.ts.
 */

/** Whether the runtime knows the IANA zone. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at instant `t`, in milliseconds. */
function offsetAt(t: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(t);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The UTC instant (ISO) at which day `date` (YYYY-MM-DD) begins in `timeZone`, or null for a
 * malformed date. Used to turn a date range picked in the account's timezone into filters.
 */
export function zonedDayStart(date: string, timeZone: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(guess)) return null;
  // Twice, so a daylight saving change between the guess and the answer is taken into account.
  let t = guess - offsetAt(guess, zone);
  t = guess - offsetAt(t, zone);
  return new Date(t).toISOString();
}

/** The day after `date` (YYYY-MM-DD), for an inclusive "to" date. */
export function nextDay(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(t) ? date : new Date(t + 86_400_000).toISOString().slice(0, 10);
}
