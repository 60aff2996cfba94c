/** A timestamp as a date in the account's timezone (UTC in the database; DESIGN §6). */
export function formatDate(iso: string, language: string, timeZone: string | null | undefined): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const locale = language === 'pt' ? 'pt-PT' : language === 'en' ? 'en-GB' : language;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: timeZone || 'UTC' }).format(t);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(t);
  }
}
