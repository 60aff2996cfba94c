/**
 * Live updates of the servers on screen: every power, lock, rename or create message of the hubs makes
 * the MyVMs2 queries stale, so what is shown is read again at once; a message saying an operation
 * failed also shows in the red banner. The 2-second refetch while a VM has an operation
 * (lib/live-refresh) keeps the screen right when no message arrives.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { escapeHtml } from '@portside/contract/rules/error-presentation';
import { useServerText } from '../../../shared/format/use-server-text';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { notifyError } from '../../../shared/ui/notify';
import { invalidateVms } from './invalidate';

const KINDS = ['power', 'lock', 'rename', 'create'] as const;
const NONE: readonly string[] = [];

/** Subscribes while `enabled` (the user may see servers). */
export function useVmLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  const { t } = useTranslation('servers');
  const serverText = useServerText();
  useHubMessages(enabled ? KINDS : NONE, (_kind, message) => {
    if (!message || message.provisioned_id == null) return;
    void invalidateVms(client);
    if ('status' in message && message.status === 'error') {
      const text = serverText({ key: message.text_key, params: message.text_params, english: message.message });
      notifyError(escapeHtml(t('live.failed', { message: text })));
    }
  });
}
