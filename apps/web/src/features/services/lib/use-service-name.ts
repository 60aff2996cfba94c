/**
 * A service's name in the interface language: a catalogue product by its code (services:product.*),
 * anything else (a server's description) as stored.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function useServiceName(): (s: { product_code: string | null; description: string }) => string {
  const { t } = useTranslation('services');
  return useCallback(
    (s) => (s.product_code ? t(`product.${s.product_code}`, { defaultValue: s.description }) : s.description),
    [t],
  );
}
