import { RECENT_MESSAGES, type HubKind, type RecentHubMessage } from '@portside/contract/hubs';
import type { Tx } from '../../db/database.js';
import { payloadText } from '../../hubs/protocol.js';

/**
 * Maps a connection to the user's account for `kind` (again active if it was). A connection of
 * another account is left alone: gives false then. System scope; every value is verified.
 */
export async function upsertConnection(
  tx: Tx,
  c: { connectionId: string; clientId: string; userId: string; kind: HubKind; destination: string; instanceId: string | null },
): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO hub_connections (connection_id, client_id, user_id, kind, destination, instance_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (connection_id) DO UPDATE
        SET active = true, deactivated_at = NULL, user_id = EXCLUDED.user_id, kind = EXCLUDED.kind,
            destination = EXCLUDED.destination, instance_id = coalesce(EXCLUDED.instance_id, hub_connections.instance_id)
      WHERE hub_connections.client_id = EXCLUDED.client_id`,
    [c.connectionId, c.clientId, c.userId, c.kind, c.destination, c.instanceId],
  );
  return (r.rowCount ?? 0) === 1;
}

/** Deactivates the caller's active mappings (tenant scope); gives how many there were. */
export async function deactivateMine(tx: Tx): Promise<number> {
  const r = await tx.query(
    `UPDATE hub_connections SET active = false, deactivated_at = now()
      WHERE client_id = portside_client() AND user_id = portside_user() AND active`,
  );
  return r.rowCount ?? 0;
}

/** The account's recent terminal messages, newest first (tenant scope). */
export async function recentTerminal(tx: Tx): Promise<RecentHubMessage[]> {
  const r = await tx.query<{ payload: object; created_at: Date }>(
    `SELECT payload, created_at FROM hub_messages
      WHERE client_id = portside_client() AND kind = 'terminal'
        AND created_at > now() - make_interval(hours => $1)
      ORDER BY id DESC LIMIT $2`,
    [RECENT_MESSAGES.withinHours, RECENT_MESSAGES.limit],
  );
  return r.rows.map((row) => ({ message: payloadText(row.payload), created_at: new Date(row.created_at).toISOString() }));
}
