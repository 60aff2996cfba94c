/**
 * A service's name in the interface language: a catalogue product by its code (services:product.*),
 * a description the server keyed (a cloud server's 'Cloud server S2R4 in Lisbon') by its key and
 * parameters, anything else as stored.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServerText } from '../../../shared/format/use-server-text';

/** What names a service: MyServices and MyServicesHistory rows both have it. */
export interface ServiceNaming {
  product_code: string | null;
  description: string;
  description_key?: string | null;
  description_params?: Readonly<Record<string, unknown>> | null;
}

export function useServiceName(): (s: ServiceNaming) => string {
  const { t } = useTranslation('services');
  const serverText = useServerText();
  return useCallback(
    (s) =>
      s.product_code
        ? t(`product.${s.product_code}`, { defaultValue: s.description })
        : serverText({ key: s.description_key, params: s.description_params, english: s.description }),
    [t, serverText],
  );
}
