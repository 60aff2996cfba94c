/** GET /api/ServerDiskSets (staff): the named disk configurations (count × size × type). A reference list: short, read whole. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerDiskSet } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function serverDiskSetsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.reference('ServerDiskSets'),
    queryFn: ({ signal }) => api.get<ServerDiskSet[]>('ServerDiskSets', { limit: '500' }, { signal }),
  });
}

export function useServerDiskSets() {
  return useQuery(serverDiskSetsQueryOptions());
}
