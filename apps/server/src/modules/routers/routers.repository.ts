/**
 * SQL of the router calls (issue 18, migration 0038): the subnets and the portal's copy of each
 * router's DHCP leases, and the addresses staff give to accounts. Every call runs in the system
 * scope (the rows are the provider's; router_ip_clients names accounts of every kind).
 */
import type { Tx } from '../../db/database.js';
import { ADDRESS_USES_SQL } from './routers.views.js';

export interface SubnetRow {
  id: number;
  router_id: number;
  network: string;
  gateway: string;
}

export async function findSubnet(tx: Tx, id: number): Promise<SubnetRow | undefined> {
  const r = await tx.query<SubnetRow>(
    `SELECT id, router_id, network::text AS network, host(gateway) AS gateway FROM router_subnets WHERE id = $1`,
    [id],
  );
  return r.rows[0];
}

/** The subnet an address is in (the narrowest, should two routers hold overlapping ones). */
export async function subnetOfAddress(tx: Tx, ip: string): Promise<SubnetRow | undefined> {
  const r = await tx.query<SubnetRow>(
    `SELECT id, router_id, network::text AS network, host(gateway) AS gateway FROM router_subnets
      WHERE network >> $1::inet ORDER BY masklen(network) DESC, id LIMIT 1`,
    [ip],
  );
  return r.rows[0];
}

export interface LeaseRow {
  address: string;
  mac: string;
  static: boolean;
}

/** The router's leases (portal copy) of `mac` or at `ip`. */
export async function leasesOf(tx: Tx, routerId: number, mac: string, ip: string | null): Promise<LeaseRow[]> {
  const r = await tx.query<LeaseRow>(
    `SELECT host(address) AS address, upper(mac::text) AS mac, static FROM router_dhcp_leases
      WHERE router_id = $1 AND (mac = $2::macaddr OR address = $3::inet)`,
    [routerId, mac, ip],
  );
  return r.rows;
}

/** The static lease of `mac` inside `network`, if the portal has one. */
export async function staticLeaseIn(tx: Tx, routerId: number, network: string, mac: string): Promise<LeaseRow | undefined> {
  const r = await tx.query<LeaseRow>(
    `SELECT host(address) AS address, upper(mac::text) AS mac, static FROM router_dhcp_leases
      WHERE router_id = $1 AND static AND mac = $2::macaddr AND address << $3::cidr`,
    [routerId, mac, network],
  );
  return r.rows[0];
}

/** Records a reservation the router made: other leases of its MAC or address are gone from the router. */
export async function recordReservation(
  tx: Tx,
  routerId: number,
  l: { address: string; mac: string; comment: string; leaseId: string },
): Promise<void> {
  await tx.query(`DELETE FROM router_dhcp_leases WHERE router_id = $1 AND (mac = $2::macaddr OR address = $3::inet)`, [
    routerId,
    l.mac,
    l.address,
  ]);
  await tx.query(
    `INSERT INTO router_dhcp_leases (router_id, address, mac, comment, static, lease_id) VALUES ($1, $2, $3, $4, true, $5)`,
    [routerId, l.address, l.mac, l.comment, l.leaseId],
  );
}

export async function deleteStaticLease(tx: Tx, routerId: number, mac: string): Promise<void> {
  await tx.query(`DELETE FROM router_dhcp_leases WHERE router_id = $1 AND static AND mac = $2::macaddr`, [routerId, mac]);
}

export async function setLeaseComment(tx: Tx, routerId: number, mac: string, comment: string): Promise<void> {
  await tx.query(`UPDATE router_dhcp_leases SET comment = $3 WHERE router_id = $1 AND static AND mac = $2::macaddr`, [
    routerId,
    mac,
    comment,
  ]);
}

/** What holds the address on a server's side (a VM or a dedicated server), if anything. */
export async function serverUse(tx: Tx, ip: string): Promise<{ use: string; server: string | null } | undefined> {
  const r = await tx.query<{ use: string; server: string | null }>(
    `SELECT u.use, u.server FROM (${ADDRESS_USES_SQL}) u WHERE u.ip = $1::inet AND u.use <> 'client' LIMIT 1`,
    [ip],
  );
  return r.rows[0];
}

export async function clientExists(tx: Tx, clientId: string): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM clients WHERE id = $1`, [clientId])).rowCount === 1;
}

export async function setIpClient(tx: Tx, ip: string, clientId: string): Promise<void> {
  await tx.query(
    `INSERT INTO router_ip_clients (address, client_id) VALUES ($1, $2)
     ON CONFLICT (address) DO UPDATE SET client_id = EXCLUDED.client_id, set_at = now()`,
    [ip, clientId],
  );
}

/** Takes the address back; answers whether it was given to an account. */
export async function deleteIpClient(tx: Tx, ip: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM router_ip_clients WHERE address = $1`, [ip])).rowCount === 1;
}

/** Marks routers (one, or all) as to be read again; answers their ids. */
export async function requestSync(tx: Tx, routerId: number | null): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `UPDATE routers SET sync_requested_at = now() WHERE $1::int IS NULL OR id = $1 RETURNING id`,
    [routerId],
  );
  return r.rows.map((x) => x.id);
}

export async function locationExists(tx: Tx, id: string): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM hosting_locations WHERE id = $1`, [id])).rowCount === 1;
}
