/**
 * Live updates of the servers on screen: every power, lock or rename message of the hubs makes
 * the MyVMs2 queries stale, so what is shown is read again at once. The 2-second refetch while a
 * VM has an operation (lib/live-refresh) keeps the screen right when no message arrives.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { invalidateVms } from './invalidate';

const KINDS = ['power', 'lock', 'rename'] as const;
const NONE: readonly string[] = [];

/** Subscribes while `enabled` (the user may see servers). */
export function useVmLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  useHubMessages(enabled ? KINDS : NONE, (_kind, message) => {
    if (message && message.provisioned_id != null) void invalidateVms(client);
  });
}
