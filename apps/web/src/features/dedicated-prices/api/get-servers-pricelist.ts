/** GET /api/ServersPricelist (staff): one page of the dedicated offers with their price now and next. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServersPricelistRow } from '@portside/contract/schemas/dedicated-prices';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { pricelistQuery } from '../lib/pricelist-query';

export function getServersPricelist(
  search: string,
  location: string,
  page: number,
  signal?: AbortSignal,
): Promise<Counted<ServersPricelistRow>> {
  return api.get<Counted<ServersPricelistRow>>('ServersPricelist', pricelistQuery(search, location, page), {
    signal,
    count: true,
  });
}

export function serversPricelistQueryOptions(search: string, location: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.offers(search, location, page),
    queryFn: ({ signal }) => getServersPricelist(search, location, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useServersPricelist(search: string, location: string, page: number) {
  return useQuery(serversPricelistQueryOptions(search, location, page));
}
