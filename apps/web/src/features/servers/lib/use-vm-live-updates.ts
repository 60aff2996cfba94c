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
import { useHubMessages, type LiveUpdateMessage, type TerminalMessage } from '../../../shared/live/use-hub-messages';
import { notifyError } from '../../../shared/ui/notify';
import { queryKeys } from '../../../shared/api/query-keys';
import { invalidateVmData, invalidateVms } from './invalidate';
import { IMAGE_KINDS, ISO_KINDS } from './vm-data';

const KINDS = ['power', 'lock', 'rename', 'create'] as const;
const ISO_LIST: readonly string[] = [...IMAGE_KINDS, ...ISO_KINDS];

/**
 * What a live message of a server means for the screen: its reads are stale (a backup, snapshot or
 * ISO message also its backups, snapshots or the account's ISO images) and a failure shows in the
 * red banner. The page subscribes to the power, lock, rename and create hubs; a data tab to its
 * own kinds only while it is open (use-vm-data-progress), so a page keeps few connections.
 */
export function useVmMessageEffects(): (kind: string, message: LiveUpdateMessage | TerminalMessage) => void {
  const client = useQueryClient();
  const { t } = useTranslation('servers');
  const serverText = useServerText();
  return (kind, message) => {
    if (!message || message.provisioned_id == null) return;
    if (message.provisioned_id > 0) void invalidateVmData(client, message.provisioned_id);
    else void invalidateVms(client);
    if (ISO_LIST.includes(kind)) void client.invalidateQueries({ queryKey: queryKeys.iso.all });
    // An ISO image's own failure (no server) is shown by the Custom ISO page and its list.
    if (message.provisioned_id > 0 && 'status' in message && message.status === 'error') {
      const text = serverText({ key: message.text_key, params: message.text_params, english: message.message });
      notifyError(escapeHtml(t('live.failed', { message: text })));
    }
  };
}
const NONE: readonly string[] = [];

/** Subscribes while `enabled` (the user may see servers). */
export function useVmLiveUpdates(enabled: boolean): void {
  const effects = useVmMessageEffects();
  useHubMessages(enabled ? KINDS : NONE, effects);
}
