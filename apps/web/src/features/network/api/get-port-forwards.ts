/**
 * GET /api/GetPortForwardings: the port forwards of every server of the account (claim
 * vm-settings-firewall), shown read-only on IP management; they are made on a server's page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortForwardRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getPortForwards(signal?: AbortSignal): Promise<PortForwardRow[]> {
  return api.get<PortForwardRow[]>('GetPortForwardings', { order: 'server_name.asc,external_port.asc' }, { signal });
}

export function portForwardsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.myIps.portForwards(), queryFn: ({ signal }) => getPortForwards(signal) });
}

export function usePortForwards(enabled: boolean) {
  return useQuery({ ...portForwardsQueryOptions(), enabled });
}
