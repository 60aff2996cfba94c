/** POST /api/rpc/VpnPeerDelete {p_provisioned_id, p_peer} → {success, config_revision}. Refreshes the VPN area. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VpnPeerDeleteBody } from '@portside/contract/schemas/vpn';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteVpnPeer(body: VpnPeerDeleteBody): Promise<{ success: true; config_revision: number }> {
  return api.rpc('VpnPeerDelete', body);
}

export function useDeleteVpnPeer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVpnPeer,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vpn.all }),
  });
}
