import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.js';
import type { HubSockets } from './hub-sockets.js';
import { payloadText } from './protocol.js';
import {
  HUB_CHANNEL,
  activeConnections,
  findHubMessage,
  listenForMessages,
  messageIdsSince,
  newestMessageId,
  ping,
} from './hubs.repository.js';

/** The channel publishHubMessage notifies with a hub_messages id. */
export { HUB_CHANNEL };
/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'portside-hub-listen';

const KEEPALIVE_MS = 30_000;
const KEEPALIVE_TIMEOUT_MS = 10_000;
const RETRY_MS = { first: 250, max: 10_000 };
/** After a reconnect, messages of this recent past that were missed are delivered. */
const CATCH_UP = { interval: '5 minutes', limit: 1000 };
const SEEN_MAX = 5000;

export interface Fanout {
  /** Settles after the first attempt to listen (whether it worked or not). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The fan-out between instances (DESIGN §1): one dedicated connection with the owner pool's
 * settings (its own, so it never holds one of the pool's few connections) LISTENs on 'portside_hub'. A notification carries a hub_messages id; the row is loaded in the system scope
 * and sent to this instance's sockets of its kind whose connection is registered (active) for its
 * account. Messages are handled one at a time, in the order notified. A dropped connection is
 * replaced (with a growing delay) and messages of the gap are caught up; ids already handled are
 * not sent twice.
 */
export function startFanout(o: { db: Database; sockets: HubSockets; log: FastifyBaseLogger }): Fanout {
  const { db, sockets, log } = o;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let keepalive: NodeJS.Timeout | undefined;
  let lastId: number | null = null;
  let chain: Promise<void> = Promise.resolve();
  const seen = new Set<number>();

  const enqueue = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
    lastId = Math.max(lastId ?? 0, id);
    chain = chain.then(() => deliver(id)).catch((err) => log.warn({ err }, 'hub message not delivered'));
  };

  const deliver = async (id: number) => {
    if (sockets.size === 0 || stopped) return;
    const sends = await db.system(async (tx) => {
      const row = await findHubMessage(tx, id);
      const local = row ? sockets.idsOfKind(row.kind) : [];
      if (!row || local.length === 0) return null;
      return { ids: await activeConnections(tx, row.client_id, row.kind, local), text: payloadText(row.payload) };
    });
    for (const cid of sends?.ids ?? []) sockets.send(cid, sends!.text);
  };

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    clearInterval(keepalive);
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    if (stopped) return;
    log.warn({ err }, 'hub listen connection lost; reconnecting');
    schedule();
  };

  const schedule = () => {
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ ...db.owner.options, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
    try {
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      c.on('notification', (n) => {
        if (n.channel !== HUB_CHANNEL) return;
        const id = Number(n.payload);
        if (Number.isSafeInteger(id) && id > 0) enqueue(id);
      });
      await c.connect();
      await listenForMessages(c);
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      retryMs = RETRY_MS.first;
      if (lastId === null) {
        lastId = Math.max(lastId ?? 0, await newestMessageId(c));
      } else {
        // The gap while no one listened: deliver what is recent and was not seen.
        for (const id of await messageIdsSince(c, lastId, CATCH_UP.interval, CATCH_UP.limit)) enqueue(id);
      }
      keepalive = setInterval(() => void check(c), KEEPALIVE_MS);
      keepalive.unref();
    } catch (err) {
      if (client === c) return lost(c, err);
      void c.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, 'hub listen connection failed; retrying');
      schedule();
    }
  };

  /** A connection that no longer answers (a silent network failure) is replaced. */
  const check = async (c: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(c),
        new Promise((_ok, fail) => {
          timer = setTimeout(() => fail(new Error('keepalive timed out')), KEEPALIVE_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      lost(c, err);
    } finally {
      clearTimeout(timer);
    }
  };

  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(keepalive);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => {});
      }
      await chain;
    },
  };
}
