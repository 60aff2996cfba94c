/**
 * GET /api/GetPortForwardings?provisioned_id=eq.{id} (vm-settings-firewall): the ports of the
 * location's gateway forwarded to one server (for servers without a public IPv4 address).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortForwardRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { BUSY_REFETCH_MS } from '../lib/live-refresh';

export function getPortForwards(id: number, signal?: AbortSignal): Promise<PortForwardRow[]> {
  return api.get<PortForwardRow[]>('GetPortForwardings', { provisioned_id: `eq.${id}`, order: 'external_port.asc' }, { signal });
}

export function portForwardsQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.vms.portForwards(id),
    queryFn: ({ signal }) => getPortForwards(id, signal),
    // A pending forward is read again until the gateway has it, should no live message come.
    refetchInterval: (q) => (q.state.data?.some((f) => f.state === 'pending') ? BUSY_REFETCH_MS : false),
  });
}

/** The server's port forwards; `enabled` false asks nothing. */
export function usePortForwards(id: number, enabled = true) {
  return useQuery({ ...portForwardsQueryOptions(id), enabled });
}
