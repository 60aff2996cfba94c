/** Shows a failed call in the shell's red banner, in the interface language. */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { errorHtml } from '../api/client';
import { notifyError } from './notify';

export function useApiErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation(['errors', 'validation']);
  return useCallback((error: unknown) => notifyError(errorHtml(error, t)), [t]);
}
