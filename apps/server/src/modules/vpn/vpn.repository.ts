/**
 * The VPN servers' SQL in the caller's tenant context (the calls VpnPeerAdd and VpnPeerDelete). A
 * VPN server is one of the account's cloud servers made from the `wireguard` image that is not
 * deleted; its vpn_servers row is made the first time a call (or the worker) needs it. The sealed
 * private key is written here, never read (the application role may not).
 */
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import type { Tx } from '../../db/database.js';

/** A VPN server as the calls need it, locked for the change. */
export interface VpnServerRef {
  provisioned_id: number;
  name: string;
  ipv4: string | null;
  ipv6: string | null;
  public_key: string | null;
  config_revision: number;
}

/** A peer as the calls compare it. */
export interface PeerRef {
  id: number;
  name: string;
  public_key: string;
  host: number;
}

/** The caller's VPN server `id`, its row made if missing and locked; null when the caller has no such VPN server. */
export async function lockServer(tx: Tx, id: number): Promise<VpnServerRef | null> {
  await tx.query(
    `INSERT INTO vpn_servers (provisioned_id, client_id)
     SELECT provisioned_id, client_id FROM vms
      WHERE provisioned_id = $1 AND client_id = portside_client() AND image_id = $2 AND state <> 'deleted'
     ON CONFLICT (provisioned_id) DO NOTHING`,
    [id, VPN_IMAGE_ID],
  );
  const r = await tx.query<VpnServerRef>(
    `SELECT s.provisioned_id::int AS provisioned_id, v.name, host(v.ipv4) AS ipv4, host(v.ipv6) AS ipv6, s.public_key,
            s.config_revision
       FROM vpn_servers s JOIN vms v ON v.provisioned_id = s.provisioned_id
      WHERE s.provisioned_id = $1 AND v.client_id = portside_client() AND v.image_id = $2 AND v.state <> 'deleted'
        FOR UPDATE OF s`,
    [id, VPN_IMAGE_ID],
  );
  return r.rows[0] ?? null;
}

/** Gives the server its key pair unless it has one; false when it had one already. */
export async function setServerKey(tx: Tx, id: number, sealed: string, publicKey: string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE vpn_servers SET private_key_sealed = $2, public_key = $3 WHERE provisioned_id = $1 AND public_key IS NULL`,
    [id, sealed, publicKey],
  );
  return r.rowCount === 1;
}

/** The server's peers. */
export async function peersOf(tx: Tx, id: number): Promise<PeerRef[]> {
  const r = await tx.query<PeerRef>(
    `SELECT id::int AS id, name, public_key, host FROM vpn_peers WHERE provisioned_id = $1 ORDER BY host`,
    [id],
  );
  return r.rows;
}

/** Adds a peer (the account's, like its server) and answers its id and creation time. */
export async function insertPeer(
  tx: Tx,
  p: { id: number; name: string; publicKey: string; host: number },
): Promise<{ id: number; created_at: string }> {
  const r = await tx.query<{ id: number; created_at: string }>(
    `INSERT INTO vpn_peers (provisioned_id, client_id, name, public_key, host)
     SELECT provisioned_id, client_id, $2, $3, $4 FROM vpn_servers WHERE provisioned_id = $1
     RETURNING id::int AS id, created_at`,
    [p.id, p.name, p.publicKey, p.host],
  );
  return r.rows[0]!;
}

/** Removes one peer of the server; false when it has no such peer. */
export async function deletePeer(tx: Tx, id: number, peer: number): Promise<boolean> {
  const r = await tx.query(`DELETE FROM vpn_peers WHERE provisioned_id = $1 AND id = $2`, [id, peer]);
  return r.rowCount === 1;
}

/** Counts a change of the server's configuration; answers the new revision. */
export async function bumpRevision(tx: Tx, id: number): Promise<number> {
  const r = await tx.query<{ config_revision: number }>(
    `UPDATE vpn_servers SET config_revision = config_revision + 1 WHERE provisioned_id = $1 RETURNING config_revision`,
    [id],
  );
  return r.rows[0]!.config_revision;
}

/**
 * A rebuilt server's guest starts without its configuration: a VPN server's (if it is one) is due
 * again. Called in the rebuild's own transaction (vm-lifecycle); nothing for other servers.
 */
export async function configLostWithRebuild(tx: Tx, id: number): Promise<void> {
  await tx.query(`UPDATE vpn_servers SET config_revision = config_revision + 1 WHERE provisioned_id = $1`, [id]);
}
