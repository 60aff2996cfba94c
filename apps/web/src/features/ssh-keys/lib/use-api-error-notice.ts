/** Shows a failed call in the shell's red banner, in the interface language. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorHtml } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/notify';

export function useApiErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation(['ssh_keys', 'validation', 'errors']);
  return useCallback((error: unknown) => notifyError(errorHtml(error, t)), [t]);
}
