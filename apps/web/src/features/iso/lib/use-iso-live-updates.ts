/**
 * Live updates of the account's ISO images: every download or delete message makes the MyIso list
 * stale (the row carries the progress), and a failed download shows in the red banner.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { escapeHtml } from '@portside/contract/rules/error-presentation';
import { queryKeys } from '../../../shared/api/query-keys';
import { useServerText } from '../../../shared/format/use-server-text';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { notifyError } from '../../../shared/ui/notify';

const KINDS = ['iso-download', 'iso-delete'] as const;
const NONE: readonly string[] = [];

export function useIsoLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  const { t } = useTranslation('iso');
  const serverText = useServerText();
  useHubMessages(enabled ? KINDS : NONE, (_kind, message) => {
    if (!message) return;
    void client.invalidateQueries({ queryKey: queryKeys.iso.all });
    if ('status' in message && message.status === 'error') {
      const text = serverText({ key: message.text_key, params: message.text_params, english: message.message });
      notifyError(escapeHtml(t('page.live_failed', { message: text })));
    }
  });
}
