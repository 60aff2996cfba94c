/**
 * The notice of spec 2 §8 'Backend reporting service lost connectivity; servers are OK and the
 * team is working on it', shown while prox_sync_success is false: the states on screen may be
 * out of date, the servers themselves are not affected.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSyncState } from '../api/get-sync-state';

export function SyncNotice() {
  const { t } = useTranslation('servers');
  const healthy = useSyncState().data;
  if (healthy !== false) return null;
  return (
    <Alert color="yellow" variant="light" role="status" title={t('sync.title')}>
      {t('sync.lost')}
    </Alert>
  );
}
