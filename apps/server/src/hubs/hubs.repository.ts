/**
 * The hubs' SQL: live messages (hub_messages, announced on the 'portside_hub' channel), the
 * connections the service host registered (hub_connections), and the fan-out's own LISTEN
 * connection. publish.ts, fanout.ts and hub-server.ts hold the rules and call these.
 */
import type pg from 'pg';
import type { Tx } from '../db/database.js';

/** The channel a stored message's id is announced on. */
export const HUB_CHANNEL = 'portside_hub';
/** The channel every change of a connection's mapping is announced on (migration 0022): {c, a, k, on}. */
export const HUB_MAP_CHANNEL = 'portside_hub_map';

/** Anything that runs SQL: a transaction, a pool client or a pool. */
export interface Queryable {
  query: (sql: string, params?: unknown[]) => Promise<unknown>;
}

/**
 * Stores a live message and notifies its id on {@link HUB_CHANNEL}, in one statement: inside a
 * transaction the notification goes out at commit (and not at all on rollback).
 */
export async function insertHubMessage(
  q: Queryable,
  m: { clientId: string; kind: string; provisionedId: number | null; json: string },
): Promise<void> {
  await q.query(
    `WITH m AS (
       INSERT INTO hub_messages (client_id, kind, provisioned_id, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING id
     )
     SELECT pg_notify('${HUB_CHANNEL}', m.id::text) FROM m`,
    [m.clientId, m.kind, m.provisionedId, m.json],
  );
}

/** A stored message, or undefined (on a transaction, or the fan-out's own owner connection). */
export async function findHubMessage(
  c: pg.ClientBase,
  id: number,
): Promise<{ client_id: string; kind: string; payload: object } | undefined> {
  const m = await c.query<{ client_id: string; kind: string; payload: object }>(
    `SELECT client_id, kind, payload FROM hub_messages WHERE id = $1`,
    [id],
  );
  return m.rows[0];
}

/** The active mappings of the connections `among` (an instance's own sockets, read when it starts listening). */
export async function activeMappings(
  c: pg.ClientBase,
  among: readonly string[],
): Promise<Array<{ connection_id: string; client_id: string; kind: string }>> {
  const r = await c.query<{ connection_id: string; client_id: string; kind: string }>(
    `SELECT connection_id, client_id, kind FROM hub_connections WHERE active AND connection_id = ANY($1::text[])`,
    [among],
  );
  return r.rows;
}

/** Deactivates the mappings of closed sockets: they no longer receive anything. */
export async function deactivateConnections(tx: Tx, ids: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE hub_connections SET active = false, deactivated_at = now() WHERE connection_id = ANY($1::text[]) AND active`,
    [ids],
  );
}

/** Starts listening on {@link HUB_CHANNEL} and {@link HUB_MAP_CHANNEL} on the fan-out's own connection. */
export async function listenForMessages(c: pg.Client): Promise<void> {
  await c.query(`LISTEN ${HUB_CHANNEL}; LISTEN ${HUB_MAP_CHANNEL}`);
}

/** The newest message id (0 when there is none): where a first listener starts. */
export async function newestMessageId(c: pg.Client): Promise<number> {
  const r = await c.query<{ id: number | null }>(`SELECT max(id) AS id FROM hub_messages`);
  return r.rows[0]?.id ?? 0;
}

/** Ids of messages after `afterId` made within `interval` (a PostgreSQL interval), oldest first, at most `limit`. */
export async function messageIdsSince(c: pg.Client, afterId: number, interval: string, limit: number): Promise<number[]> {
  const r = await c.query<{ id: number }>(
    `SELECT id FROM hub_messages WHERE id > $1 AND created_at > now() - $2::interval ORDER BY id LIMIT $3`,
    [afterId, interval, limit],
  );
  return r.rows.map((row) => row.id);
}

/** A round trip on the connection (the keepalive check). */
export async function ping(c: pg.Client): Promise<void> {
  await c.query('SELECT 1');
}

/**
 * Deletes hub messages older than `messagesDays`, ended connection mappings older than
 * `inactiveDays` and mappings still marked active after `activeDays`; answers how many of each.
 */
export async function pruneExpired(
  tx: Tx,
  days: { messagesDays: number; inactiveConnectionsDays: number; activeConnectionsDays: number },
): Promise<{ messages: number; connections: number }> {
  const m = await tx.query(`DELETE FROM hub_messages WHERE created_at < now() - make_interval(days => $1)`, [days.messagesDays]);
  const c = await tx.query(
    `DELETE FROM hub_connections
      WHERE (NOT active AND deactivated_at < now() - make_interval(days => $1))
         OR (active AND created_at < now() - make_interval(days => $2))`,
    [days.inactiveConnectionsDays, days.activeConnectionsDays],
  );
  return { messages: m.rowCount ?? 0, connections: c.rowCount ?? 0 };
}
