/**
 * A text the server wrote for people (contract server-texts.ts: a service's description, a
 * terminal or live line) in the reader's language: its key's translation with its parameters,
 * a `location_id` parameter turning `location` into the location's name in that language. A key
 * this web does not know (a newer server) or a text without one shows the English the server sent.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocationName } from './use-location-name';

/** A server text as it arrives: its key and parameters (either may be missing) and its English. */
export interface ServerTextSource {
  key: string | null | undefined;
  params?: Readonly<Record<string, unknown>> | null;
  english: string;
}

/** The values a key's text is formatted with: names, codes and numbers only. */
function plainParams(params: Readonly<Record<string, unknown>> | null | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
  }
  return out;
}

export function useServerText(): (text: ServerTextSource) => string {
  const { t, i18n } = useTranslation();
  const locationName = useLocationName();
  return useCallback(
    ({ key, params, english }) => {
      if (!key || !/^[a-z_]+:[\w.-]+$/.test(key) || !i18n.exists(key)) return english;
      const values = plainParams(params);
      if (typeof values.location_id === 'string') {
        values.location = locationName(values.location_id, typeof values.location === 'string' ? values.location : null) ?? '';
      }
      return t(key, { ...values, defaultValue: english });
    },
    [t, i18n, locationName],
  );
}
