/** React hook: {@link formatDateTime} with the account's timezone and the interface language. */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../session/store';
import { formatDateTime, intlLocale, type DateFormatOptions } from './date';

export type FormatDate = (value: string | number | Date | null | undefined, opts?: DateFormatOptions) => string;

export function useDateFormat(): FormatDate {
  const { i18n } = useTranslation();
  const timeZone = useSession('customerDetails')?.timezone;
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((value, opts = {}) => formatDateTime(value, { timeZone, locale, ...opts }), [timeZone, locale]);
}
