/**
 * Live updates of tickets (hub kind 'tickets'): the server sends `{ticket, event}` to the ticket's
 * account and to staff whenever a comment is written or the ticket changes. Every such message
 * makes the ticket reads stale — the list, the open ticket and its conversation — so they are read
 * again while on screen. Only for a logged-in user (a visitor has no hub connection).
 */
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useHubMessages } from '../../../shared/live/use-hub-messages';

const KINDS = ['tickets'] as const;
const NONE: readonly string[] = [];

export function useTicketsLive(enabled: boolean): void {
  const client = useQueryClient();
  useHubMessages(enabled ? KINDS : NONE, () => {
    void client.invalidateQueries({ queryKey: queryKeys.tickets.all });
  });
}
