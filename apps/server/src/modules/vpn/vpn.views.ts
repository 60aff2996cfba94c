/**
 * The VPN servers' reads (issue 17, claim menu-see-vpn-servers): MyVpnServers — the account's cloud
 * servers made from the `wireguard` image, with their WireGuard public key, endpoint, peer count and
 * whether their configuration is applied — and MyVpnPeers (`provisioned_id=eq.N`). The endpoint and
 * the peers' addresses are the contract's rules (rules/vpn.ts: vpnEndpoint, vpnPeerAddresses)
 * written in SQL; the API tests hold the two to each other. Row-level security and the client
 * filter keep them to the caller's account.
 */
import { VPN_IMAGE_ID, VPN_LISTEN_PORT } from '@portside/contract/rules/vpn';
import { vpnPeerRow, vpnServerRow } from '@portside/contract/schemas/vpn';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const vpn = claim('menu-see-vpn-servers');

export const vpnViews: ViewDef[] = [
  defineView({
    name: 'MyVpnServers',
    access: vpn,
    row: vpnServerRow,
    source: `SELECT v.provisioned_id::int AS provisioned_id, v.name, c.location_id AS location, l.name AS location_name,
        host(v.ipv4) AS ipv4, host(v.ipv6) AS ipv6, v.power_status, v.state, s.public_key,
        CASE WHEN v.ipv4 IS NOT NULL THEN host(v.ipv4) || ':${VPN_LISTEN_PORT}'
             WHEN v.ipv6 IS NOT NULL THEN '[' || host(v.ipv6) || ']:${VPN_LISTEN_PORT}' END AS endpoint,
        (SELECT count(*) FROM vpn_peers p WHERE p.provisioned_id = v.provisioned_id)::int AS peers_count,
        coalesce(s.config_revision, 1) AS config_revision, coalesce(s.applied_revision, 0) AS applied_revision, s.applied_at,
        CASE WHEN s.config_revision > s.applied_revision THEN s.push_error END AS push_error, v.created_at
      FROM vms v
      JOIN clusters c ON c.id = v.cluster_id
      JOIN hosting_locations l ON l.id = c.location_id
      LEFT JOIN vpn_servers s ON s.provisioned_id = v.provisioned_id
      WHERE v.client_id = portside_client() AND v.state <> 'deleted' AND v.image_id = '${VPN_IMAGE_ID}'`,
    order: 'name.asc',
  }),
  defineView({
    name: 'MyVpnPeers',
    access: vpn,
    row: vpnPeerRow,
    source: `SELECT p.id::int AS id, p.provisioned_id::int AS provisioned_id, p.name, p.public_key,
        '10.99.0.' || p.host AS address_v4, 'fd99::' || to_hex(p.host) AS address_v6, p.created_at
      FROM vpn_peers p
      JOIN vms v ON v.provisioned_id = p.provisioned_id
      WHERE p.client_id = portside_client() AND v.state <> 'deleted' AND v.image_id = '${VPN_IMAGE_ID}'`,
    order: 'name.asc',
  }),
];
