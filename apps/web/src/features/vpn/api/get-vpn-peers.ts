/** GET /api/MyVpnPeers?provisioned_id=eq.N: one VPN server's peers, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VpnPeer } from '@portside/contract/schemas/vpn';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getVpnPeers(id: number, signal?: AbortSignal): Promise<VpnPeer[]> {
  return api.get<VpnPeer[]>('MyVpnPeers', { provisioned_id: `eq.${id}`, order: 'name.asc' }, { signal });
}

export function vpnPeersQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.vpn.peers(id), queryFn: ({ signal }) => getVpnPeers(id, signal) });
}

export function useVpnPeers(id: number) {
  return useQuery(vpnPeersQueryOptions(id));
}
