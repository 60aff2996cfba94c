import { isHubKind, type HubKind } from '@portside/contract/hubs';
import { insertHubMessage, type Queryable } from './hubs.repository.js';

/** A payload's JSON text may not exceed this (a hub message is a short status or a console line). */
export const MAX_PAYLOAD_CHARS = 64 * 1024;

/**
 * Publishes a live message (DESIGN §1): stores it in hub_messages and notifies 'portside_hub' with
 * its id, in one statement on `q`. Inside a transaction the notification goes out at commit (and
 * not at all on rollback); on a pool it is its own transaction. Every api instance then sends it
 * to the account's sockets registered for `kind` (fanout.ts). Works in the system scope, the
 * account's own tenant scope (row-level security checks the account) and on the owner pool.
 *
 * `q` is anything that runs SQL: a transaction (Tx), a pool client or a pool. The payload is sent
 * as its JSON text: a `LiveUpdateMessage` of the contract for most kinds, a `TerminalMessage`
 * (base64 `message`) for 'terminal'. A payload without `provisioned_id` gets `provisionedId` as it;
 * without `provisionedId` the payload's own number is stored. Throws on an unknown kind or a
 * payload that is no object.
 */
export async function publishHubMessage(
  q: Queryable,
  m: { clientId: string; kind: HubKind; provisionedId?: number | null; payload: object },
): Promise<void> {
  if (!isHubKind(m.kind)) throw new Error(`unknown hub kind '${String(m.kind)}'`);
  if (typeof m.payload !== 'object' || m.payload === null || Array.isArray(m.payload))
    throw new Error('a hub message payload must be a JSON object');
  // The browser finds a message's server by the payload's provisioned_id (spec 2 §7).
  const own = (m.payload as { provisioned_id?: unknown }).provisioned_id;
  const provisionedId = m.provisionedId ?? (typeof own === 'number' && Number.isSafeInteger(own) ? own : null);
  const payload = own === undefined && provisionedId !== null ? { provisioned_id: provisionedId, ...m.payload } : m.payload;
  const json = JSON.stringify(payload);
  if (typeof json !== 'string' || !json.startsWith('{')) throw new Error('a hub message payload must be a JSON object');
  if (json.length > MAX_PAYLOAD_CHARS) throw new Error(`a hub message payload may have at most ${MAX_PAYLOAD_CHARS} characters`);
  await insertHubMessage(q, { clientId: m.clientId, kind: m.kind, provisionedId, json });
}
