/**
 * POST /api/rpc/VpnPeerAdd {p_provisioned_id, p_name, p_public_key} → the peer with what its
 * configuration needs of the server (its public key and endpoint). Refreshes the VPN area.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VpnPeerAddAnswer, VpnPeerAddBody } from '@portside/contract/schemas/vpn';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function addVpnPeer(body: VpnPeerAddBody): Promise<VpnPeerAddAnswer> {
  return api.rpc('VpnPeerAdd', body);
}

export function useAddVpnPeer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addVpnPeer,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vpn.all }),
  });
}
