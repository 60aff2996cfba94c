/**
 * Dates as the portal shows them (DESIGN §6: time is UTC in the database and shown in the
 * account's timezone): an instant is shown in the account's IANA timezone, in the interface
 * language's format, with the UTC offset when asked; a calendar date (YYYY-MM-DD, e.g. a voucher's
 * valid-to day) is shown as that day, never shifted by a timezone.
 */

/** What to show of a value. */
export type DateStyle = 'datetime' | 'date' | 'time';

export interface DateFormatOptions {
  /** IANA timezone, e.g. Europe/Lisbon (the profile's timezone); the browser's when absent or unknown. */
  timeZone?: string;
  /** BCP 47 locale, e.g. en-GB or pt (see {@link intlLocale}); 'en' when absent or unknown. */
  locale?: string;
  /** Date and time (default), date only or time only. */
  style?: DateStyle;
  /** Adds the UTC offset (e.g. GMT+5:30) to a time. */
  withOffset?: boolean;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const PARTS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  datetime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
};

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale ?? 'en', options);
  } catch {
    // An unknown timezone or locale: the browser's zone and English rather than nothing.
    const { timeZone: _zone, ...rest } = options;
    void _zone;
    try {
      return new Intl.DateTimeFormat(locale ?? 'en', rest);
    } catch {
      return new Intl.DateTimeFormat('en', rest);
    }
  }
}

/**
 * Formats an ISO 8601 timestamp (or a Date or epoch ms) for display. Empty values give '';
 * a value that is not a date is returned as it is.
 */
export function formatDateTime(value: string | number | Date | null | undefined, opts: DateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const style = opts.style ?? 'datetime';
  const day = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return formatter(opts.locale, { ...PARTS.date, timeZone: 'UTC' }).format(date);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const options: Intl.DateTimeFormatOptions = { ...PARTS[style], timeZone: opts.timeZone || undefined };
  if (opts.withOffset && style !== 'date') options.timeZoneName = 'shortOffset';
  return formatter(opts.locale, options).format(date);
}

/**
 * The Intl locale for an interface language: British English for en and European Portuguese for
 * pt (the portal's variants), the language otherwise.
 */
export function intlLocale(language: string): string {
  const lang = language.toLowerCase().split('-')[0] || 'en';
  return lang === 'en' ? 'en-GB' : lang === 'pt' ? 'pt-PT' : lang;
}
