/**
 * React hook over the shared hub connections: `useHubMessages(kinds, onMessage)` calls
 * `onMessage(kind, message)` for every live message of the given hub kinds while the user is
 * logged in (a token and customer details, with the notification secret, in the session).
 * Connections are shared by every subscriber of a kind and closed when the last one leaves.
 */
import { useEffect, useRef } from 'react';
import { isHubKind, type HubKind, type LiveUpdateMessage, type TerminalMessage } from '@portside/contract/hubs';
import { useSession } from '../session/store';
import type { HubMessage } from './hub-payload';
import { subscribeHub } from './hub-registry';
import { notificationAccount } from './notification-auth';

export type { HubKind, HubMessage, LiveUpdateMessage, TerminalMessage };

/** Receives one live message of one hub kind ('terminal' gives a TerminalMessage). */
export type HubMessageHandler = (kind: HubKind, message: LiveUpdateMessage | TerminalMessage) => void;

/**
 * Subscribes to the hubs of `kinds` (HUB_KINDS of the contract; other names are ignored) while
 * logged in. `onMessage` may change on every render: the latest one is called, and the
 * connections are not restarted for it. The subscription follows the set of kinds, whatever
 * their order.
 */
export function useHubMessages(kinds: readonly HubKind[] | readonly string[], onMessage: HubMessageHandler): void {
  const token = useSession('token');
  const profile = useSession('customerDetails');
  // Without the account's notification secret a connection could not be registered: no use opening it.
  const loggedIn = Boolean(token) && notificationAccount(profile) !== null;
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  const key = [...new Set<string>(kinds)].filter(isHubKind).sort().join('\n');
  useEffect(() => {
    if (!loggedIn || !key) return;
    const stops = key
      .split('\n')
      .filter(isHubKind)
      .map((kind) => subscribeHub(kind, (message) => handler.current(kind, message)));
    return () => stops.forEach((stop) => stop());
  }, [key, loggedIn]);
}
