import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.js';
import type { HubSockets } from './hub-sockets.js';
import { payloadText } from './protocol.js';
import {
  HUB_CHANNEL,
  HUB_MAP_CHANNEL,
  activeMappings,
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
 * settings (its own, so it never holds one of the pool's few connections) LISTENs on
 * 'portside_hub' and 'portside_hub_map'. The instance keeps, for its own sockets only, the
 * account and kind each is registered for ({@link Routes}): every mapping change is announced on
 * the map channel, whichever instance registered it, and the table is read again for the local
 * sockets whenever listening (re)starts. A message notification carries a hub_messages id; the
 * row is read on the same connection (one round trip) and sent to the sockets registered for its
 * account and kind — so an event costs its account's connections, not every connection of the
 * instance. Messages are handled one at a time, in the order notified. A dropped connection is
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

  const routes = new Routes();
  // Settles once the routes were read for the current listening connection: messages notified in
  // the meantime wait for them rather than find nobody registered.
  let routesRead: Promise<void> = Promise.resolve();

  const deliver = async (id: number) => {
    await routesRead;
    const c = client;
    if (sockets.size === 0 || stopped || routes.size === 0) return;
    // The row is read on the listening connection when there is one (catch-up runs right after a
    // reconnect); otherwise through the pool.
    const row = c ? await findHubMessage(c, id) : await db.system((tx) => findHubMessage(tx, id));
    if (!row) return;
    const ids = routes.of(row.client_id, row.kind);
    if (ids.size === 0) return;
    for (const cid of sockets.sendTo(ids, payloadText(row.payload))) routes.remove(cid);
  };

  let changesDuringRead: Array<string | undefined> | null = null;
  const onMapChange = (payload: string | undefined) => {
    if (changesDuringRead) return void changesDuringRead.push(payload);
    let m: { c?: unknown; a?: unknown; k?: unknown; on?: unknown };
    try {
      m = JSON.parse(payload ?? '') as typeof m;
    } catch {
      return;
    }
    if (typeof m.c !== 'string') return;
    // Only this instance's sockets, and only for the kind of hub each is connected to.
    if (m.on === true && typeof m.a === 'string' && typeof m.k === 'string' && sockets.kindOf(m.c) === m.k)
      routes.set(m.c, m.a, m.k);
    else routes.remove(m.c);
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
    let read = () => {};
    routesRead = new Promise((ok) => (read = ok));
    try {
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      c.on('notification', (n) => {
        if (n.channel === HUB_MAP_CHANNEL) return onMapChange(n.payload);
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
      // Changes announced while nobody listened are read from the table: the routes start anew.
      // Changes announced while the table is read are applied after it, in order (idempotent).
      changesDuringRead = [];
      routes.reset((await activeMappings(c, sockets.ids())).filter((r) => sockets.kindOf(r.connection_id) === r.kind));
      const later = changesDuringRead;
      changesDuringRead = null;
      later.forEach(onMapChange);
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
      changesDuringRead = null;
      if (client === c) return lost(c, err);
      void c.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, 'hub listen connection failed; retrying');
      schedule();
    } finally {
      read();
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

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of this instance's sockets are registered for which account and kind: account|kind → ids,
 * and each id's key, so that a change or a closed socket is one map operation.
 */
class Routes {
  private readonly byKey = new Map<string, Set<string>>();
  private readonly keyOf = new Map<string, string>();

  get size(): number {
    return this.keyOf.size;
  }

  /** The ids registered for the account and kind (the live set: not to be changed while it is read). */
  of(clientId: string, kind: string): ReadonlySet<string> {
    return this.byKey.get(`${clientId}|${kind}`) ?? NONE;
  }

  set(connectionId: string, clientId: string, kind: string): void {
    this.remove(connectionId);
    const key = `${clientId}|${kind}`;
    let ids = this.byKey.get(key);
    if (!ids) this.byKey.set(key, (ids = new Set()));
    ids.add(connectionId);
    this.keyOf.set(connectionId, key);
  }

  remove(connectionId: string): void {
    const key = this.keyOf.get(connectionId);
    if (key === undefined) return;
    this.keyOf.delete(connectionId);
    const ids = this.byKey.get(key);
    ids?.delete(connectionId);
    if (ids?.size === 0) this.byKey.delete(key);
  }

  reset(rows: ReadonlyArray<{ connection_id: string; client_id: string; kind: string }>): void {
    this.byKey.clear();
    this.keyOf.clear();
    for (const r of rows) this.set(r.connection_id, r.client_id, r.kind);
  }
}
