/** GET /api/ServersModels (staff): the chassis, with their offers and servers. A reference list: short, read whole. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerModel } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function serversModelsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.reference('ServersModels'),
    queryFn: ({ signal }) => api.get<ServerModel[]>('ServersModels', { limit: '500' }, { signal }),
  });
}

export function useServersModels() {
  return useQuery(serversModelsQueryOptions());
}
