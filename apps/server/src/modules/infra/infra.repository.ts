/**
 * Removing a registration nothing uses (issue 18, /infrastructure): a cluster without servers or
 * orders, a BMC without a dedicated server, a router whose read found no subnet. One statement
 * each, so a server placed meanwhile keeps it; the caller tells 'in use' from 'unknown' after.
 */
import type { Tx } from '../../db/database.js';

export type InfraTable = 'clusters' | 'bmcs' | 'routers';

/** What keeps a row of each table: any of these rows pointing at it. */
const USED_BY: Record<InfraTable, string> = {
  clusters: `EXISTS (SELECT 1 FROM vms v WHERE v.cluster_id = t.id) OR EXISTS (SELECT 1 FROM order_items o WHERE o.cluster_id = t.id)`,
  bmcs: `EXISTS (SELECT 1 FROM dedicated_servers d WHERE d.bmc_id = t.id)`,
  routers: `EXISTS (SELECT 1 FROM router_subnets s WHERE s.router_id = t.id)`,
};

/** Deletes row `id` of `table` when nothing uses it: 'removed' with its name, 'in-use', or 'unknown'. */
export async function removeUnused(
  tx: Tx,
  table: InfraTable,
  id: number,
): Promise<{ outcome: 'removed'; name: string } | { outcome: 'in-use' | 'unknown' }> {
  const gone = await tx.query<{ name: string }>(
    `DELETE FROM ${table} t WHERE t.id = $1 AND NOT (${USED_BY[table]}) RETURNING t.name`,
    [id],
  );
  if (gone.rows[0]) return { outcome: 'removed', name: gone.rows[0].name };
  const there = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return { outcome: (there.rowCount ?? 0) > 0 ? 'in-use' : 'unknown' };
}
