/**
 * SQL of the location's address pools (migration 0024): an ordered server's addresses are taken
 * when its provisioning reserves it, the lowest free address of the location's pools of each
 * family (the gateway never). A transaction lock per location and family serializes takers, and
 * the search runs in a statement of its own after the lock, so it sees what the taker before it
 * committed; the unique indexes on vms.ipv4 and ipv6 stand behind both.
 */
import type { Tx } from '../../db/database.js';
import { asSystem } from '../../db/transaction.js';
import type { VmAddress, VmNetwork } from '../../drivers/hypervisor/hypervisor.js';

/** The column of vms holding each family's address (fixed names, never input). */
const COLUMN = { 4: 'ipv4', 6: 'ipv6' } as const;

/**
 * Takes the lowest free address of the location's pools of `family` — free of cloud servers and of
 * dedicated servers' main and additional addresses; null when every pool is full or there is none.
 * Runs in the system scope (the search must see every account's addresses).
 */
async function takeAddress(tx: Tx, locationId: string, family: 4 | 6): Promise<string | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('portside.ip_pools'), hashtext($1 || '/' || $2::text))`, [
    locationId,
    family,
  ]);
  const col = COLUMN[family];
  const r = await tx.query<{ address: string }>(
    `SELECT host(x.address) AS address
       FROM ip_pools p
       CROSS JOIN LATERAL (
         SELECT a.address FROM (SELECT p.first_host + generate_series(0, p.last_host - p.first_host) AS address) a
          WHERE a.address <> p.gateway
            AND NOT EXISTS (SELECT 1 FROM vms v WHERE v.${col} = a.address AND v.state <> 'deleted' AND v.${col} IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM dedicated_servers d WHERE d.ipv4 = a.address)
            AND NOT EXISTS (SELECT 1 FROM dedicated_ips di WHERE a.address <<= di.address)
          LIMIT 1) x
      WHERE p.location_id = $1 AND p.family = $2 AND NOT p.private
      ORDER BY p.id
      LIMIT 1`,
    [locationId, family],
  );
  return r.rows[0]?.address ?? null;
}

/**
 * Takes an IPv4 address for a dedicated server's additional address (issue 17), with its pool's
 * gateway, inside the caller's transaction: the search sees every account's addresses for its one
 * statement (the system flag is set and put back, local to the transaction), and the lock per
 * location holds until the caller commits the address it took.
 */
export async function takeIpv4(tx: Tx, locationId: string): Promise<{ address: string; gateway: string } | null> {
  return asSystem(tx, async () => {
    const address = await takeAddress(tx, locationId, 4);
    if (!address) return null;
    const pool = await tx.query<{ gateway: string }>(
      `SELECT host(gateway) AS gateway FROM ip_pools WHERE location_id = $1 AND family = 4 AND $2::inet << network ORDER BY id LIMIT 1`,
      [locationId, address],
    );
    return { address, gateway: pool.rows[0]!.gateway };
  });
}

/**
 * Takes a free block of `prefix` (a /29 or /28) of the location's IPv4 pools for a dedicated
 * server's routed subnet (issue 17), inside the caller's transaction like {@link takeIpv4}: aligned,
 * between the pool's first and last host, without its gateway and without any address a cloud
 * server, a dedicated server or another additional block holds. The highest such block, so the low
 * addresses stay for single ones. Null when none is left.
 */
export async function takeIpv4Block(tx: Tx, locationId: string, prefix: number): Promise<string | null> {
  return asSystem(tx, async () => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('portside.ip_pools'), hashtext($1 || '/4'))`, [locationId]);
    const r = await tx.query<{ block: string }>(
      `SELECT b.block::text AS block
         FROM ip_pools p
         CROSS JOIN LATERAL (
           SELECT set_masklen(host(network(p.network))::inet + k * $3::bigint, $2)::cidr AS block
             FROM generate_series(0, (host(broadcast(p.network))::inet - host(network(p.network))::inet) / $3::bigint) k) b
        WHERE p.location_id = $1 AND p.family = 4 AND NOT p.private
          AND b.block <<= p.network
          AND host(network(b.block))::inet >= p.first_host AND host(broadcast(b.block))::inet <= p.last_host
          AND NOT (p.gateway <<= b.block)
          AND NOT EXISTS (SELECT 1 FROM vms v WHERE v.ipv4 <<= b.block AND v.state <> 'deleted')
          AND NOT EXISTS (SELECT 1 FROM dedicated_servers d WHERE d.ipv4 <<= b.block)
          AND NOT EXISTS (SELECT 1 FROM dedicated_ips di WHERE di.address && b.block)
        ORDER BY b.block DESC
        LIMIT 1`,
      [locationId, prefix, 2 ** (32 - prefix)],
    );
    return r.rows[0]?.block ?? null;
  });
}

/**
 * Gives a reserved server its addresses: an IPv6 one always, an IPv4 one when `withIpv4`.
 * Answers the family that has no free address left (the server keeps none then), or null.
 */
export async function assignAddresses(
  tx: Tx,
  provisionedId: string,
  locationId: string,
  withIpv4: boolean,
): Promise<'ipv4' | 'ipv6' | null> {
  const ipv6 = await takeAddress(tx, locationId, 6);
  if (!ipv6) return 'ipv6';
  const ipv4 = withIpv4 ? await takeAddress(tx, locationId, 4) : null;
  if (withIpv4 && !ipv4) return 'ipv4';
  await tx.query(`UPDATE vms SET ipv4 = $2::inet, ipv6 = $3::inet WHERE provisioned_id = $1`, [provisionedId, ipv4, ipv6]);
  return null;
}

/**
 * Gives a server an IPv4 address (VmAssignIPv4): the one it holds already, or the lowest free one
 * of its location's pools, written at once. Null when every pool is full.
 */
export async function assignIpv4(tx: Tx, provisionedId: number, locationId: string): Promise<string | null> {
  const held = await tx.query<{ ip: string | null }>(`SELECT host(ipv4) AS ip FROM vms WHERE provisioned_id = $1 FOR UPDATE`, [
    provisionedId,
  ]);
  const ip = held.rows[0]?.ip;
  if (ip) return ip;
  const address = await takeAddress(tx, locationId, 4);
  if (address) await tx.query(`UPDATE vms SET ipv4 = $2::inet WHERE provisioned_id = $1`, [provisionedId, address]);
  return address;
}

/**
 * Gives a server without a public IPv4 address a private one behind its location's gateway (port
 * forwarding): the one it holds already, or the lowest free one of the location's private pools,
 * written at once with `private_ipv4_configured` false until the cluster has it. Null when none is free.
 */
export async function assignPrivateIpv4(tx: Tx, provisionedId: number, locationId: string): Promise<string | null> {
  const held = await tx.query<{ ip: string | null }>(
    `SELECT host(private_ipv4) AS ip FROM vms WHERE provisioned_id = $1 FOR UPDATE`,
    [provisionedId],
  );
  const ip = held.rows[0]?.ip;
  if (ip) return ip;
  const r = await tx.query<{ address: string | null }>(`SELECT host(private_ipv4_free($1)) AS address`, [locationId]);
  const address = r.rows[0]?.address ?? null;
  if (address)
    await tx.query(`UPDATE vms SET private_ipv4 = $2::inet, private_ipv4_configured = false WHERE provisioned_id = $1`, [
      provisionedId,
      address,
    ]);
  return address;
}

/**
 * A server's static addresses with their pools' prefixes and gateways (null without an IPv6
 * address). Its IPv4 address is the public one, else the private one behind the gateway.
 */
export async function networkOf(tx: Tx, provisionedId: string): Promise<VmNetwork | null> {
  const r = await tx.query<{ v4: VmAddress | null; v6: VmAddress | null }>(
    `SELECT CASE WHEN p4.id IS NOT NULL THEN json_build_object('address', host(coalesce(v.ipv4, v.private_ipv4)), 'prefix', masklen(p4.network), 'gateway', host(p4.gateway)) END AS v4,
            CASE WHEN p6.id IS NOT NULL THEN json_build_object('address', host(v.ipv6), 'prefix', masklen(p6.network), 'gateway', host(p6.gateway)) END AS v6
       FROM vms v
       LEFT JOIN LATERAL (SELECT id, network, gateway FROM ip_pools
                           WHERE family = 4 AND coalesce(v.ipv4, v.private_ipv4) << network ORDER BY id LIMIT 1) p4 ON true
       LEFT JOIN LATERAL (SELECT id, network, gateway FROM ip_pools WHERE family = 6 AND v.ipv6 << network ORDER BY id LIMIT 1) p6 ON true
      WHERE v.provisioned_id = $1`,
    [provisionedId],
  );
  const row = r.rows[0];
  return row?.v6 ? { ipv4: row.v4, ipv6: row.v6 } : null;
}
