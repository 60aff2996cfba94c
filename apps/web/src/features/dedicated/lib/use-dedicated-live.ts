/**
 * Live updates of the dedicated servers on screen: every message of the 'dedicated' hub (a power
 * state changed, a power function moved on) makes the dedicated reads stale, so what is shown is
 * read again at once. With `announceFailures` a failed power function also shows in the red
 * banner (the list; the details page shows it in its power panel instead).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { DedicatedLiveMessage } from '@portside/contract/hubs';
import { escapeHtml } from '@portside/contract/rules/error-presentation';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { notifyError } from '../../../shared/ui/notify';
import { invalidateDedicated } from './invalidate';

const KINDS = ['dedicated'] as const;

/** Reads a hub message as a DedicatedLiveMessage, or null when it is not one. */
export function asDedicatedMessage(message: unknown): DedicatedLiveMessage | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Partial<DedicatedLiveMessage>;
  return typeof m.serial === 'string' && (m.event === 'power' || m.event === 'job') ? (m as DedicatedLiveMessage) : null;
}

export function useDedicatedLive(opts: { announceFailures?: boolean } = {}): void {
  const client = useQueryClient();
  const { t } = useTranslation('dedicated');
  useHubMessages(KINDS, (_kind, raw) => {
    const message = asDedicatedMessage(raw);
    if (!message) return;
    void invalidateDedicated(client);
    if (opts.announceFailures && message.event === 'job' && message.status === 'failed') {
      const action = message.action ? t(`power.actions.${message.action}`, { defaultValue: message.action }) : '';
      notifyError(escapeHtml(t('live.failed', { action, serial: message.serial, error: message.error ?? message.message })));
    }
  });
}
