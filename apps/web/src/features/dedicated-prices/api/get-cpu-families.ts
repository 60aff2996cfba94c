/** GET /api/ServersCPUFamilies (staff): the processors the offers are built with. A reference list: short, read whole. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerCpuFamily } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function serversCpuFamiliesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.reference('ServersCPUFamilies'),
    queryFn: ({ signal }) => api.get<ServerCpuFamily[]>('ServersCPUFamilies', { limit: '500' }, { signal }),
  });
}

export function useServersCpuFamilies() {
  return useQuery(serversCpuFamiliesQueryOptions());
}
