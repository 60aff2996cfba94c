/**
 * SQL of the IPMI gateways' agent (issue 17): what a location's WireGuard gateway must carry — the
 * peers of the servers with IPMI access, and each server's BMC behind its tunnel address. System
 * scope (the agent acts for the provider, every account's servers at its location).
 */
import type pg from 'pg';
import type { Tx } from '../../db/database.js';

export interface GatewayPeer {
  serial: string;
  wg_pubkey: string;
  wg_address: string;
  bmc_tunnel_ip: string;
  bmc_driver: string | null;
  bmc_address: string | null;
}

/** The gateway's token hash, or undefined when the location has no gateway. */
export async function gatewayTokenHash(tx: Tx, location: string): Promise<{ hash: string | null } | undefined> {
  const r = await tx.query<{ hash: string | null }>(`SELECT agent_token_hash AS hash FROM ipmi_gateways WHERE location_id = $1`, [
    location,
  ]);
  return r.rows[0];
}

export async function setGatewayTokenHash(tx: Tx, location: string, hash: string): Promise<boolean> {
  const r = await tx.query(`UPDATE ipmi_gateways SET agent_token_hash = $2 WHERE location_id = $1`, [location, hash]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * The servers at `location` whose IPMI access is on with a key set, by tunnel address, with their
 * BMC's real address — through the owner pool, the only connection allowed to read it.
 */
export async function gatewayPeers(owner: pg.Pool, location: string): Promise<GatewayPeer[]> {
  const r = await owner.query<GatewayPeer>(
    `SELECT d.serial, d.wg_pubkey, host(d.wg_address) AS wg_address, host(d.bmc_tunnel_ip) AS bmc_tunnel_ip,
            b.driver AS bmc_driver, b.address AS bmc_address
       FROM dedicated_servers d LEFT JOIN bmcs b ON b.id = d.bmc_id
      WHERE d.location_id = $1 AND d.client_id IS NOT NULL AND d.ipmi_access AND d.wg_pubkey IS NOT NULL
        AND d.wg_address IS NOT NULL AND d.bmc_tunnel_ip IS NOT NULL
      ORDER BY d.wg_address`,
    [location],
  );
  return r.rows;
}
