/**
 * The monthly price of one more IPv4 address (the extra-ipv4 product of GET /api/ServiceCatalogue;
 * a subnet costs it per address),
 * shown before ServersOrderIP bills it. The catalogue is asked only by users holding
 * menu-see-my-services (a 403 would end the session); others confirm without the amount.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceProduct } from '@portside/contract/schemas/services';
import { ADDITIONAL_IPV4_PRODUCT } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServiceCatalogue(signal?: AbortSignal): Promise<ServiceProduct[]> {
  return api.get<ServiceProduct[]>('ServiceCatalogue', undefined, { signal });
}

export function ipPriceQueryOptions() {
  return queryOptions({
    // The same read and key as My services' catalogue: one answer serves both.
    queryKey: queryKeys.serviceCatalogue(),
    queryFn: ({ signal }) => getServiceCatalogue(signal),
    staleTime: 5 * 60_000,
    select: (rows: ServiceProduct[]) => rows.find((r) => r.code === ADDITIONAL_IPV4_PRODUCT)?.monthly_cents ?? null,
  });
}

export function useIpPrice(enabled: boolean) {
  return useQuery({ ...ipPriceQueryOptions(), enabled });
}
