/** SQL of the account's own addresses (MyIPs; migration 0030). */
import type { Tx } from '../../db/database.js';
import type { MyIpRow } from '@portside/contract/schemas/network';

export const MY_IP_ROW_SQL = `SELECT m.id::int AS id, portside_cidr_text(m.address) AS address, m.comment, m.source,
    m.last_seen_at, m.created_at FROM my_ips m`;

/** Adds an address; null when the account lists it already. */
export async function insertMyIp(tx: Tx, clientId: string, address: string, comment: string): Promise<MyIpRow | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO my_ips (client_id, address, comment, source) VALUES ($1, $2::cidr, $3, 'manual')
     ON CONFLICT (client_id, address) DO NOTHING RETURNING id::text`,
    [clientId, address, comment],
  );
  if (!r.rows[0]) return null;
  const row = await tx.query<MyIpRow>(`${MY_IP_ROW_SQL} WHERE m.id = $1`, [r.rows[0].id]);
  return row.rows[0]!;
}

/** Deletes an entry of the account's list; false when it is not there. */
export async function deleteMyIp(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.query(`DELETE FROM my_ips WHERE id = $1`, [id]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * Notes the address a user of the account signed in from (source 'login'); an address already
 * listed gets its last sign-in time. Runs in the system context of the login.
 */
export async function recordSignInAddress(tx: Tx, clientId: string, ip: string): Promise<void> {
  await tx.query(
    `INSERT INTO my_ips (client_id, address, comment, source, last_seen_at)
     VALUES ($1, $2::inet::cidr, '', 'login', now())
     ON CONFLICT (client_id, address) DO UPDATE SET last_seen_at = now()`,
    [clientId, ip],
  );
}
