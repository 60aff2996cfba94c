/** Euro cents in the interface language's format (contract formatCents). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@portside/contract/rules/money';
import { intlLocale } from '../../../shared/format/date';

export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((cents: number) => formatCents(cents, locale), [locale]);
}
