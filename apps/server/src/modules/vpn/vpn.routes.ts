/**
 * The VPN servers' calls (issue 17, claim menu-see-vpn-servers): adding and removing a peer of one
 * of the account's VPN servers. Both are audited with the server and the peer they touched.
 */
import { vpnPeerAddSchema, vpnPeerDeleteSchema } from '@portside/contract/schemas/vpn';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import { addPeer, deletePeer } from './vpn.service.js';

const vpn = claim('menu-see-vpn-servers');

export const vpnRpcs: AnyRpc[] = [
  defineRpc({
    name: 'VpnPeerAdd',
    access: vpn,
    schema: vpnPeerAddSchema,
    audit: true,
    auditTarget: (b, r) => [target('server', b.p_provisioned_id), target('VPN peer', answerField(r, 'id'), b.p_name)],
    handler: (ctx, b) => addPeer(ctx, b),
  }),
  defineRpc({
    name: 'VpnPeerDelete',
    access: vpn,
    schema: vpnPeerDeleteSchema,
    audit: true,
    auditTarget: (b) => [target('server', b.p_provisioned_id), target('VPN peer', b.p_peer)],
    handler: (ctx, b) => deletePeer(ctx, b),
  }),
];
