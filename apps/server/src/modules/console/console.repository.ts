/** SQL of the VM console: one-time sessions (console_sessions, migration 0010) and the VM behind one. */
import type { Tx } from '../../db/database.js';
import type { ConsoleKind } from '@portside/contract/console';

/** The console a cluster's driver offers. */
export async function clusterConsoleKind(tx: Tx, clusterId: number): Promise<ConsoleKind> {
  const r = await tx.query<{ driver: string }>(`SELECT driver FROM clusters WHERE id = $1`, [clusterId]);
  return r.rows[0]?.driver === 'proxmox' ? 'vnc' : 'text';
}

/** Records a session of the caller's account; it expires `ttlSeconds` after `epoch`. */
export async function insertSession(
  tx: Tx,
  s: {
    clientId: string;
    userId: string;
    provisionedId: number;
    tokenHash: string;
    kind: ConsoleKind;
    epoch: number;
    ttlSeconds: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO console_sessions (client_id, user_id, provisioned_id, token_hash, kind, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6), to_timestamp($6 + $7))`,
    [s.clientId, s.userId, s.provisionedId, s.tokenHash, s.kind, s.epoch, s.ttlSeconds],
  );
}

/** A session taken by its socket. */
export interface ConsumedSession {
  client_id: string;
  provisioned_id: number;
  kind: ConsoleKind;
}

/**
 * Marks the session of `tokenHash` used, once: answers it, or why not ('used', 'expired',
 * 'unknown'). Run in the system context (a socket has no logged-in user).
 */
export async function consumeSession(tx: Tx, tokenHash: string): Promise<ConsumedSession | 'used' | 'expired' | 'unknown'> {
  const r = await tx.query<ConsumedSession>(
    `UPDATE console_sessions SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING client_id, provisioned_id::int AS provisioned_id, kind`,
    [tokenHash],
  );
  if (r.rows[0]) return r.rows[0];
  const why = await tx.query<{ used: boolean }>(
    `SELECT used_at IS NOT NULL AS used FROM console_sessions WHERE token_hash = $1`,
    [tokenHash],
  );
  if (!why.rows[0]) return 'unknown';
  return why.rows[0].used ? 'used' : 'expired';
}

/** Sessions older than a day are of no use any more. */
export async function purgeOldSessions(tx: Tx): Promise<void> {
  await tx.query(`DELETE FROM console_sessions WHERE created_at < now() - interval '1 day'`);
}
