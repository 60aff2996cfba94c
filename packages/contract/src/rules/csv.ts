/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a quote or a line break,
 * lines ended by CRLF. A text that a spreadsheet would run as a formula (starting with =, +, -, @,
 * a tab or a carriage return) is prefixed with an apostrophe, so an account's name can never
 * become a formula in the accountant's spreadsheet (CSV injection). Numbers are written as they are.
 */

/** One field: a number as it is, a text guarded and quoted when it must be, null as empty. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The header line and one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',') + '\r\n').join('');
}

/** Cents as a decimal amount with two digits ('1234.50'), the way spreadsheets read money. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
