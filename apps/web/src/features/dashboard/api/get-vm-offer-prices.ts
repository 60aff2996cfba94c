/**
 * GET /api/VmsOffers (public) for the dashboard's 'Order VM' entry: the lowest monthly list
 * price of a cloud server at each location.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmOffer } from '@portside/contract/schemas/offers';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** A location with the lowest price of its offers. */
export type LocationFromPrice = Pick<VmOffer, 'location' | 'location_name' | 'monthly_price_cents'>;

/** The cheapest offer of each location, in the order the offers came (cheapest first). */
export async function getVmOfferPrices(signal?: AbortSignal): Promise<LocationFromPrice[]> {
  const rows = await api.get<LocationFromPrice[]>(
    'VmsOffers',
    { select: 'location,location_name,monthly_price_cents', order: 'monthly_price_cents.asc' },
    { signal },
  );
  const seen = new Map<string, LocationFromPrice>();
  for (const r of rows) if (!seen.has(r.location)) seen.set(r.location, r);
  return [...seen.values()];
}

export function vmOfferPricesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.vmFromPrices(),
    queryFn: ({ signal }) => getVmOfferPrices(signal),
    staleTime: 5 * 60_000,
  });
}

export function useVmOfferPrices(enabled: boolean) {
  return useQuery({ ...vmOfferPricesQueryOptions(), enabled });
}
