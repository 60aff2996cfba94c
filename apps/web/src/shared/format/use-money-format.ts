/** React hook: {@link formatCents} in the interface language (money is integer euro cents). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from './date';
import { formatCents } from './money';

export function useMoneyFormat(): (cents: number | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((cents) => formatCents(cents, locale), [locale]);
}
