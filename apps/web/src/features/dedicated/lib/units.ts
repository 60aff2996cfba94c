/**
 * Hardware quantities in the interface language's number format, with Intl's own unit names
 * (GB, °C, %), so no translation has to repeat them; MHz and rpm, which Intl does not sanction,
 * as the symbols everyone writes.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { intlLocale } from '../../../shared/format/date';

export type UnitName = 'gigabyte' | 'megahertz' | 'celsius' | 'rpm' | 'percent';

const SYMBOLS: Partial<Record<UnitName, string>> = { megahertz: 'MHz', rpm: 'rpm' };

export function formatUnit(value: number, unit: UnitName, locale: string): string {
  const symbol = SYMBOLS[unit];
  if (symbol) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ${symbol}`;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'celsius' ? 1 : 0,
  }).format(value);
}

/** React hook: {@link formatUnit} in the interface language. */
export function useUnits(): (value: number, unit: UnitName) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  return useCallback((value, unit) => formatUnit(value, unit, locale), [locale]);
}
