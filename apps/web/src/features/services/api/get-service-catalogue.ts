/** GET /api/ServiceCatalogue: what the account owner may add (AddClientService). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceProduct } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServiceCatalogue(signal?: AbortSignal): Promise<ServiceProduct[]> {
  return api.get<ServiceProduct[]>('ServiceCatalogue', undefined, { signal });
}

export function serviceCatalogueQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.serviceCatalogue(),
    queryFn: ({ signal }) => getServiceCatalogue(signal),
    staleTime: 5 * 60_000,
  });
}

export function useServiceCatalogue(enabled = true) {
  return useQuery({ ...serviceCatalogueQueryOptions(), enabled });
}
