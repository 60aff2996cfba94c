/**
 * Live updates of the servers on screen: every power, lock, rename or create message of the hubs makes
 * the MyVMs2 queries stale (a backup, snapshot or ISO message also the server's backups, snapshots
 * or the account's ISO images), so what is shown is read again at once; a message saying an operation
 * failed also shows in the red banner. The 2-second refetch while a VM has an operation
 * (lib/live-refresh) keeps the screen right when no message arrives.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { escapeHtml } from '@portside/contract/rules/error-presentation';
import { useServerText } from '../../../shared/format/use-server-text';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { notifyError } from '../../../shared/ui/notify';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVmData, invalidateVms } from './invalidate';
import { BACKUP_KINDS, IMAGE_KINDS, ISO_KINDS, SNAPSHOT_KINDS } from './vm-data';

const KINDS = ['power', 'lock', 'rename', 'create', ...BACKUP_KINDS, ...SNAPSHOT_KINDS, ...IMAGE_KINDS, ...ISO_KINDS] as const;
const ISO_LIST: readonly string[] = [...IMAGE_KINDS, ...ISO_KINDS];
const NONE: readonly string[] = [];

/** Subscribes while `enabled` (the user may see servers). */
export function useVmLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  const { t } = useTranslation('servers');
  const serverText = useServerText();
  useHubMessages(enabled ? KINDS : NONE, (kind, message) => {
    if (!message || message.provisioned_id == null) return;
    if (message.provisioned_id > 0) void invalidateVmData(client, message.provisioned_id);
    else void invalidateVms(client);
    if (ISO_LIST.includes(kind)) void client.invalidateQueries({ queryKey: queryKeys.iso.all });
    // An ISO image's own failure (no server) is shown by the Custom ISO page and its list.
    if (message.provisioned_id > 0 && 'status' in message && message.status === 'error') {
      const text = serverText({ key: message.text_key, params: message.text_params, english: message.message });
      notifyError(escapeHtml(t('live.failed', { message: text })));
    }
  });
}
