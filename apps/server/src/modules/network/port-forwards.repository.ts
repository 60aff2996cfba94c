/** SQL of port forwarding (migration 0030): forwards of servers without a public IPv4 on their location's gateway. */
import type { Tx } from '../../db/database.js';

/** The IPv4 gateway of a location's first IPv4 pool, or null. */
export async function gatewayOf(tx: Tx, locationId: string): Promise<string | null> {
  const r = await tx.query<{ gateway: string }>(
    `SELECT host(gateway) AS gateway FROM ip_pools WHERE location_id = $1 AND family = 4 AND NOT private ORDER BY id LIMIT 1`,
    [locationId],
  );
  return r.rows[0]?.gateway ?? null;
}

/** The server's location and addresses. */
export async function serverNet(
  tx: Tx,
  id: number,
): Promise<{ location_id: string; ipv4: string | null; ipv6: string | null } | null> {
  const r = await tx.query<{ location_id: string; ipv4: string | null; ipv6: string | null }>(
    `SELECT c.location_id, host(v.ipv4) AS ipv4, host(v.ipv6) AS ipv6 FROM vms v JOIN clusters c ON c.id = v.cluster_id
      WHERE v.provisioned_id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** How many forwards the server has, and whether one forwards this internal port and protocol. */
export async function serverForwards(tx: Tx, id: number, protocol: string, internalPort: number) {
  const r = await tx.query<{ n: number; taken: boolean }>(
    `SELECT count(*)::int AS n, coalesce(bool_or(protocol = $2 AND internal_port = $3), false) AS taken
       FROM port_forwards WHERE provisioned_id = $1`,
    [id, protocol, internalPort],
  );
  return r.rows[0]!;
}

/** A free external port on the gateway (the wanted one if free), under a lock held until commit; null when none. */
export async function freePort(tx: Tx, gateway: string, protocol: string, wanted: number | null, lo: number, hi: number) {
  const r = await tx.query<{ port: number | null }>(`SELECT port_forward_free_port($1::inet, $2, $3, $4, $5) AS port`, [
    gateway,
    protocol,
    wanted,
    lo,
    hi,
  ]);
  return r.rows[0]!.port;
}

export async function insertForward(
  tx: Tx,
  f: {
    client_id: string;
    provisioned_id: number;
    location_id: string;
    gateway: string;
    external_port: number;
    internal_port: number;
    protocol: string;
    comment: string;
  },
): Promise<number> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO port_forwards (client_id, provisioned_id, location_id, gateway, external_port, internal_port, protocol, comment)
     VALUES ($1, $2, $3, $4::inet, $5, $6, $7, $8) RETURNING id::text`,
    [f.client_id, f.provisioned_id, f.location_id, f.gateway, f.external_port, f.internal_port, f.protocol, f.comment],
  );
  return Number(r.rows[0]!.id);
}

/** Deletes the account's forward; its gateway and server, or null when it is not there. */
export async function deleteForward(
  tx: Tx,
  id: number,
): Promise<{ gateway: string; provisioned_id: number; external_port: number; protocol: string } | null> {
  const r = await tx.query<{ gateway: string; provisioned_id: number; external_port: number; protocol: string }>(
    `DELETE FROM port_forwards WHERE id = $1
     RETURNING host(gateway) AS gateway, provisioned_id::int AS provisioned_id, external_port, protocol`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** A forward as the gateway push sees it (every account's). */
export interface GatewayRow {
  id: number;
  client_id: string;
  provisioned_id: number;
  server_name: string;
  external_port: number;
  internal_port: number;
  protocol: 'tcp' | 'udp';
  /** The server's private IPv4 address behind the gateway. */
  target: string | null;
  state: 'pending' | 'active' | 'failed';
  cluster_id: number;
  vmid: number;
  /** Whether the cluster has the private address in the server's network settings. */
  configured: boolean;
}

export async function gatewayForwards(tx: Tx, gateway: string): Promise<GatewayRow[]> {
  const r = await tx.query<GatewayRow>(
    `SELECT f.id::int AS id, f.client_id, f.provisioned_id::int AS provisioned_id, v.name AS server_name, f.external_port,
        f.internal_port, f.protocol, host(v.private_ipv4) AS target, f.state, v.cluster_id, v.vmid,
        v.private_ipv4_configured AS configured
       FROM port_forwards f JOIN vms v ON v.provisioned_id = f.provisioned_id
      WHERE f.gateway = $1::inet AND v.state <> 'deleted' ORDER BY f.protocol, f.external_port`,
    [gateway],
  );
  return r.rows;
}

/** Records that the cluster has the server's private address in its network settings. */
export async function markPrivateConfigured(tx: Tx, provisionedId: number): Promise<void> {
  await tx.query(`UPDATE vms SET private_ipv4_configured = true WHERE provisioned_id = $1`, [provisionedId]);
}

export async function setForwardStates(tx: Tx, ids: number[], state: 'active' | 'failed'): Promise<void> {
  await tx.query(`UPDATE port_forwards SET state = $2 WHERE id = ANY($1::bigint[]) AND state <> $2`, [ids, state]);
}

/** Gateways with forwards not active a minute after they were made (a lost or failed push). */
export async function gatewaysToResync(tx: Tx): Promise<string[]> {
  const r = await tx.query<{ gateway: string }>(
    `SELECT DISTINCT host(gateway) AS gateway FROM port_forwards WHERE state <> 'active' AND created_at < now() - interval '1 minute'`,
  );
  return r.rows.map((row) => row.gateway);
}
