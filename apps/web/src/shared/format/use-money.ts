/** React hook: {@link formatCents} in the interface language (euros, integer cents in). */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { intlLocale } from './date';
import { formatCents } from './money';

export type FormatMoney = (cents: number | null | undefined, fractionDigits?: number) => string;

export function useMoney(): FormatMoney {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((cents, fractionDigits = 2) => formatCents(cents, locale, fractionDigits), [locale]);
}
