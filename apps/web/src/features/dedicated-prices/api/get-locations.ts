/** GET /api/HostingLocations (public): the data centres the price list can be filtered by. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostingLocation } from '@portside/contract/schemas/reference';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function locationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.locations(),
    queryFn: ({ signal }) =>
      api.get<HostingLocation[]>('HostingLocations', { select: 'id,name,country,country_code,electricity_warning' }, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
