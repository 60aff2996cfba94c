/**
 * A hosting location's name in the reader's language: the portal's own locations are translated
 * (locations.<id> of the common namespace); a location a provider adds later keeps the name the
 * server gives until it has a translation.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';

export function useLocationName(): (id: string | null | undefined, serverName: string | null | undefined) => string | null {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (id, serverName) => {
      if (id && i18n.exists(`common:locations.${id}`)) return t(`locations.${id}`);
      return serverName ?? null;
    },
    [t, i18n],
  );
}
