/** POST /api/rpc/VmGraphData {p_provisioned_id, p_range}: the server's usage samples over a range. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { GraphPoint, GraphRange } from '../lib/vm-types';

export function getVmGraph(id: number, range: GraphRange): Promise<GraphPoint[]> {
  return api.rpc<GraphPoint[]>('VmGraphData', { p_provisioned_id: id, p_range: range });
}

export function vmGraphQueryOptions(id: number, range: GraphRange) {
  return queryOptions({
    queryKey: ['vm-graph', id, range],
    queryFn: () => getVmGraph(id, range),
    placeholderData: keepPreviousData,
    // Fresh samples arrive every minute or so; a minute-old graph is still right.
    staleTime: 60_000,
  });
}

export function useVmGraph(id: number, range: GraphRange) {
  return useQuery(vmGraphQueryOptions(id, range));
}
