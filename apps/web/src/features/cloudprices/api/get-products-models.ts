/**
 * GET /api/ProductsModels (staff): one page of the cloud models by code search, with how many
 * match; each with its price per location now and the next change still to come.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductsModelRow } from '@portside/contract/schemas/cloud-prices';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { modelsQuery } from '../lib/cloud-prices-queries';

export function getProductsModels(search: string, page: number, signal?: AbortSignal): Promise<Counted<ProductsModelRow>> {
  return api.get<Counted<ProductsModelRow>>('ProductsModels', modelsQuery(search, page), { signal, count: true });
}

export function productsModelsQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.cloudPrices.models(search, page),
    queryFn: ({ signal }) => getProductsModels(search, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useProductsModels(search: string, page: number) {
  return useQuery(productsModelsQueryOptions(search, page));
}
