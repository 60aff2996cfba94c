/** React hook: {@link formatBytes} in the interface language. */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { formatBytes } from './bytes';
import { intlLocale } from './date';

export function useBytes(): (bytes: number | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((bytes) => formatBytes(bytes, locale), [locale]);
}
