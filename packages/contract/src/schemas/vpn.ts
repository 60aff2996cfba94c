/**
 * VPN servers (issue 17, /servers/vpn, claim menu-see-vpn-servers): the rows of MyVpnServers and
 * MyVpnPeers and the bodies of VpnPeerAdd and VpnPeerDelete. A VPN server is a cloud server made
 * from the `wireguard` image (rules/vpn.ts); the portal keeps its WireGuard key (the private key
 * sealed, never in a row) and its peers, and writes the server's configuration into the guest.
 * `config_revision` counts the changes of the peers, `applied_revision` the last one the server
 * has taken: while they differ the page says 'applying…'.
 */
import { z } from '../zod';
import { VPN_PEER_NAME_MAX, VPN_PEER_NAME_PATTERN } from '../rules/vpn';
import { isWireGuardPublicKey } from '../rules/wireguard';
import { requiredText } from './fields';
import { timestampField } from './view-row';

const provisionedIdField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** MyVpnServers: one row per VPN server of the account (not deleted). */
export const vpnServerRow = z.object({
  provisioned_id: z.int(),
  name: z.string(),
  location: z.string(),
  location_name: z.string(),
  ipv4: z.string().nullable(),
  ipv6: z.string().nullable(),
  /** The cloud server's power state and lifecycle state, as MyVMs2 has them. */
  power_status: z.string(),
  state: z.string(),
  /** The server's WireGuard public key; null until the portal has made its key pair. */
  public_key: z.string().nullable(),
  /** host:port where peers reach the server; null while it has no public address. */
  endpoint: z.string().nullable(),
  peers_count: z.int(),
  config_revision: z.int(),
  applied_revision: z.int(),
  /** When the server last took its configuration. */
  applied_at: timestampField().nullable(),
  /** Why the last push did not get through (the cluster's words), while one is due; else null. */
  push_error: z.string().nullable(),
  created_at: timestampField(),
});
export type VpnServer = z.infer<typeof vpnServerRow>;

/** MyVpnPeers (filter `provisioned_id=eq.N`): the peers of the account's VPN servers. */
export const vpnPeerRow = z.object({
  id: z.int(),
  provisioned_id: z.int(),
  name: z.string(),
  public_key: z.string(),
  /** The peer's tunnel addresses (without prefix: /32 and /128). */
  address_v4: z.string(),
  address_v6: z.string(),
  created_at: timestampField(),
});
export type VpnPeer = z.infer<typeof vpnPeerRow>;

/** VpnPeerAdd: a name unique on the server and the peer's public key (the customer's or one the browser made). */
export const vpnPeerAddSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_name: requiredText('vpn_peer_name_empty', VPN_PEER_NAME_MAX, (v) =>
    VPN_PEER_NAME_PATTERN.test(v) ? null : 'vpn_peer_name_invalid',
  ),
  p_public_key: requiredText('wg_pubkey_invalid', 64, (v) => (isWireGuardPublicKey(v) ? null : 'wg_pubkey_invalid')),
});
export type VpnPeerAddBody = z.infer<typeof vpnPeerAddSchema>;

/** What VpnPeerAdd answers: the new peer and what its configuration needs of the server. */
export const vpnPeerAddAnswer = vpnPeerRow.extend({
  server_public_key: z.string(),
  endpoint: z.string().nullable(),
  config_revision: z.int(),
});
export type VpnPeerAddAnswer = z.infer<typeof vpnPeerAddAnswer>;

/** VpnPeerDelete: one peer of the server, by its id. */
export const vpnPeerDeleteSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_peer: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
});
export type VpnPeerDeleteBody = z.infer<typeof vpnPeerDeleteSchema>;
