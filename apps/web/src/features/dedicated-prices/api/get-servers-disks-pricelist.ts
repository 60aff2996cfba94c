/** GET /api/ServersDisksPricelist (staff): RAM per GB and each disk type per TB, their price now and next. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServersDisksPricelistRow } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServersDisksPricelist(signal?: AbortSignal): Promise<ServersDisksPricelistRow[]> {
  return api.get<ServersDisksPricelistRow[]>('ServersDisksPricelist', { order: 'sort.asc,kind.asc' }, { signal });
}

export function serversDisksPricelistQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.parts(),
    queryFn: ({ signal }) => getServersDisksPricelist(signal),
  });
}

export function useServersDisksPricelist() {
  return useQuery(serversDisksPricelistQueryOptions());
}
