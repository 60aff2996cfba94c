/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a quote or a line break,
 * lines ended by CRLF. A text that a spreadsheet would run as a formula (starting with =, +, -, @,
 * a tab or a carriage return) is prefixed with an apostrophe, so an account's name can never
 * become a formula in the accountant's spreadsheet (CSV injection). Numbers are written as they are.
 */

/** A decimal amount written as a number ('-19.99'), never guarded: it is a value, not text. */
export class CsvDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+\.\d+$/.test(text)) throw new Error(`not a decimal: ${text}`);
  }
}

export type CsvValue = string | number | CsvDecimal | null | undefined;

/** One field: a number or decimal as it is, a text guarded and quoted when it must be, null as empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The header line and one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',') + '\r\n').join('');
}

/** Cents as a decimal amount with two digits ('1234.50'), the way spreadsheets read money. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a CSV amount: {@link centsText} written as a number, a negative one (a credit note's) unguarded. */
export function centsCsv(cents: number): CsvDecimal {
  return new CsvDecimal(centsText(cents));
}
