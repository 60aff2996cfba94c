/** GET /api/NewOrderGetSystems: the active system images. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ImageOption } from '@portside/contract/schemas/offers';
import { queryKeys } from '../../../shared/api/query-keys';

export function getSystems(signal?: AbortSignal): Promise<ImageOption[]> {
  return api.get<ImageOption[]>('NewOrderGetSystems', undefined, { signal });
}

export function systemsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.order.systems(),
    queryFn: ({ signal }) => getSystems(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSystems() {
  return useQuery(systemsQueryOptions());
}
