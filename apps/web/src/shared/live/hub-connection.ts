/**
 * One SignalR (JSON protocol) connection to `/hubs/<kind>`. The SignalR client is loaded on first
 * use (a dynamic import), so it stays out of the first-load bundle. The connection reconnects on
 * its own, forever, with a growing delay; after every (re)connect the hub sends its joined
 * message and the connection is registered for the account again.
 */
import type { HubConnection } from '@microsoft/signalr';
import { getSession } from '../session/store';
import { HUB_MESSAGE_TARGET, joinedConnectionFor, type HubKind } from '@portside/contract/hubs';
import { parseHubPayload, type HubMessage } from './hub-payload';
import { notificationAccount } from './notification-auth';
import { registerConnection } from './notification-calls';

/** Base path of the notification host; configurable so it can live on another host. */
export const HUB_BASE = (import.meta.env.VITE_HUB_BASE as string | undefined) ?? '/hubs';

/** Delay before the n-th reconnect attempt: 0, 1, 2, 4, 8, 16 s, then every 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return attempt === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

/** A running hub connection. */
export interface HubHandle {
  readonly kind: HubKind;
  /** The server's id of the current connection, once joined and registered. */
  connectionId(): string | null;
  /** Closes the connection for good. */
  stop(): Promise<void>;
}

/**
 * Opens the hub of `kind` and calls `onMessage` for each live message. Starting failures are
 * retried like reconnects until {@link HubHandle.stop}.
 */
export function connectHub(kind: HubKind, onMessage: (message: HubMessage) => void): HubHandle {
  let connection: HubConnection | null = null;
  let stopped = false;
  let registeredId: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // The newest joined id: a late answer for an older connection does not count.
  let joinedId: string | null = null;
  let attempt = 0;

  const receive = (...args: unknown[]) => {
    for (const arg of args) {
      // A joined message for another destination is not ours to register (spec 2 §4).
      const connectionId = joinedConnectionFor(arg, kind);
      if (connectionId) {
        joinedId = connectionId;
        const account = notificationAccount(getSession('customerDetails'));
        if (account) {
          void registerConnection(account, connectionId, kind).then((ok) => {
            if (ok && !stopped && joinedId === connectionId) registeredId = connectionId;
          });
        }
        continue;
      }
      const message = parseHubPayload(arg);
      if (message) onMessage(message);
    }
  };

  const start = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (!connection) {
        const signalr = await import('@microsoft/signalr');
        if (stopped) return;
        connection = new signalr.HubConnectionBuilder()
          .withUrl(`${HUB_BASE}/${encodeURIComponent(kind)}`, {
            skipNegotiation: true,
            transport: signalr.HttpTransportType.WebSockets,
          })
          .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => reconnectDelayMs(ctx.previousRetryCount + 1) })
          .configureLogging(signalr.LogLevel.None)
          .build();
        connection.on(HUB_MESSAGE_TARGET, receive);
        connection.onreconnecting(() => {
          registeredId = null;
        });
        connection.onclose(() => {
          registeredId = null;
          scheduleStart();
        });
      }
      await connection.start();
      attempt = 0;
    } catch {
      scheduleStart();
    }
  };

  function scheduleStart(): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void start(), reconnectDelayMs(++attempt));
  }

  void start();
  return {
    kind,
    connectionId: () => registeredId,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      registeredId = null;
      await connection?.stop().catch(() => {});
    },
  };
}
