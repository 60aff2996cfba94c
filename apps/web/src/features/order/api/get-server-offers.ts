/** GET /api/ServerOffers?location=eq.X (public): dedicated-server offers at one location. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ServerOffer } from '@portside/contract/schemas/offers';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServerOffers(location: string, signal?: AbortSignal): Promise<ServerOffer[]> {
  return api.get<ServerOffer[]>('ServerOffers', { location: `eq.${location}` }, { signal });
}

export function serverOffersQueryOptions(location: string) {
  return queryOptions({
    queryKey: queryKeys.order.serverOffers(location),
    queryFn: ({ signal }) => getServerOffers(location, signal),
    staleTime: 5 * 60_000,
  });
}

export function useServerOffers(location: string | null) {
  return useQuery({ ...serverOffersQueryOptions(location ?? ''), enabled: !!location });
}
