/**
 * GET /api/MyVpnServers: the account's VPN servers, by name. Read again every few seconds while a
 * server's configuration is on its way, so 'applying…' turns into 'applied' without a reload.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VpnServer } from '@portside/contract/schemas/vpn';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { APPLYING_POLL_MS, anyPending } from '../lib/config-state';

export function getVpnServers(signal?: AbortSignal): Promise<VpnServer[]> {
  return api.get<VpnServer[]>('MyVpnServers', { order: 'name.asc' }, { signal });
}

export function vpnServersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.vpn.servers(),
    queryFn: ({ signal }) => getVpnServers(signal),
    refetchInterval: (q) => (anyPending(q.state.data) ? APPLYING_POLL_MS : false),
  });
}

export function useVpnServers() {
  return useQuery(vpnServersQueryOptions());
}
