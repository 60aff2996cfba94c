/**
 * SQL of what a deleted server leaves in the network (migration 0030): its port forwards go (and
 * their gateways are pushed again), and its reverse names go back to the provider's default unless
 * the address already belongs to another server that set its own name.
 */
import type { Tx } from '../../db/database.js';

/** Deletes the forwards of deleted servers; answers their gateways. */
export async function dropForwardsOfDeletedServers(tx: Tx): Promise<string[]> {
  const r = await tx.query<{ gateway: string }>(
    `DELETE FROM port_forwards f USING vms v WHERE f.provisioned_id = v.provisioned_id AND v.state = 'deleted'
     RETURNING host(f.gateway) AS gateway`,
  );
  return [...new Set(r.rows.map((row) => row.gateway))];
}

/** A reverse name a deleted server left: the address, its default name, and whether another server named it since. */
export interface LeftPtr {
  provisioned_id: number;
  address: string;
  default_name: string;
  taken: boolean;
}

export async function ptrsOfDeletedServers(tx: Tx): Promise<LeftPtr[]> {
  const r = await tx.query<LeftPtr>(
    `SELECT r.provisioned_id::int AS provisioned_id, host(r.address) AS address,
        portside_ptr_default(r.address, l.id, l.ptr_domain) AS default_name,
        EXISTS (SELECT 1 FROM reverse_dns o JOIN vms w ON w.provisioned_id = o.provisioned_id
                 WHERE o.address = r.address AND w.state <> 'deleted') AS taken
       FROM reverse_dns r JOIN vms v ON v.provisioned_id = r.provisioned_id
       JOIN clusters c ON c.id = v.cluster_id JOIN hosting_locations l ON l.id = c.location_id
      WHERE v.state = 'deleted' ORDER BY r.updated_at LIMIT 100`,
  );
  return r.rows;
}

export async function dropPtrRow(tx: Tx, provisionedId: number, address: string): Promise<void> {
  await tx.query(`DELETE FROM reverse_dns WHERE provisioned_id = $1 AND address = $2::inet`, [provisionedId, address]);
}
