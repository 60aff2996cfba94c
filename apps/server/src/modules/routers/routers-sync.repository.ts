/**
 * SQL of the routers' sync (routers-sync.ts): which routers to read, and what a read brought —
 * subnets kept by network (their ids stay, so the pages' links do), the ARP table and the DHCP
 * leases replaced — or that the router did not answer (the last state is kept).
 */
import type { Tx } from '../../db/database.js';
import type { RouterAddress, RouterArpEntry, RouterLease } from '../../drivers/router/router.js';

/** The routers to read: `ids`, or all when null. */
export async function routersToSync(tx: Tx, ids: number[] | null): Promise<Array<{ id: number; name: string }>> {
  const r = await tx.query<{ id: number; name: string }>(
    `SELECT id, name FROM routers WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY id`,
    [ids],
  );
  return r.rows;
}

/** Records a good read of router `id`. */
export async function recordRead(
  tx: Tx,
  id: number,
  read: { subnets: RouterAddress[]; arp: RouterArpEntry[]; leases: RouterLease[] },
): Promise<void> {
  const networks = read.subnets.map((s) => s.network);
  await tx.query(`DELETE FROM router_subnets WHERE router_id = $1 AND NOT (network::text = ANY($2::text[]))`, [id, networks]);
  for (const s of read.subnets)
    await tx.query(
      `INSERT INTO router_subnets (router_id, network, gateway, interface, seen_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (router_id, network) DO UPDATE SET gateway = EXCLUDED.gateway, interface = EXCLUDED.interface, seen_at = now()`,
      [id, s.network, s.address, s.interface],
    );
  await tx.query(`DELETE FROM router_arp_entries WHERE router_id = $1`, [id]);
  for (const e of read.arp)
    await tx.query(
      `INSERT INTO router_arp_entries (router_id, address, interface, mac, status, dynamic) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [id, e.address, e.interface, e.mac, e.status, e.dynamic],
    );
  await tx.query(`DELETE FROM router_dhcp_leases WHERE router_id = $1`, [id]);
  for (const l of read.leases)
    await tx.query(
      `INSERT INTO router_dhcp_leases (router_id, address, mac, comment, static, lease_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [id, l.address, l.mac, l.comment.slice(0, 200), l.static, l.id],
    );
  await tx.query(
    `UPDATE routers SET reachable = true, last_error = NULL, synced_at = now(), sync_requested_at = NULL WHERE id = $1`,
    [id],
  );
}

/** Records that router `id` did not answer; what was read before stays. */
export async function recordFailure(tx: Tx, id: number, error: string): Promise<void> {
  await tx.query(`UPDATE routers SET reachable = false, last_error = $2, sync_requested_at = NULL WHERE id = $1`, [
    id,
    error.slice(0, 500),
  ]);
}

/** Records that router `id` answered a call (a change made through it). */
export async function markReachable(tx: Tx, id: number, reachable: boolean, error: string | null): Promise<void> {
  await tx.query(`UPDATE routers SET reachable = $2, last_error = $3 WHERE id = $1`, [
    id,
    reachable,
    error?.slice(0, 500) ?? null,
  ]);
}
