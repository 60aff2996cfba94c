/** POST /api/rpc/VmGraphData {p_provisioned_id, p_range}: the server's usage samples over a range. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { GraphRange, VmGraphPoint } from '@portside/contract/schemas/vms';
import { queryKeys } from '../../../shared/api/query-keys';

export function getVmGraph(id: number, range: GraphRange): Promise<VmGraphPoint[]> {
  return api.rpc<VmGraphPoint[]>('VmGraphData', { p_provisioned_id: id, p_range: range });
}

export function vmGraphQueryOptions(id: number, range: GraphRange) {
  return queryOptions({
    queryKey: queryKeys.vmGraph(id, range),
    queryFn: () => getVmGraph(id, range),
    placeholderData: keepPreviousData,
    // Fresh samples arrive every minute or so; a minute-old graph is still right.
    staleTime: 60_000,
  });
}

export function useVmGraph(id: number, range: GraphRange) {
  return useQuery(vmGraphQueryOptions(id, range));
}
