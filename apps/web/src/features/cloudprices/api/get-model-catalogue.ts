/**
 * GET /api/FilterOffers (public): the hosting locations and core types a new model is made for —
 * a new model needs a price at every location and one of the core types.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterOffers } from '@portside/contract/schemas/offers';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getModelCatalogue(signal?: AbortSignal): Promise<Pick<FilterOffers, 'locations' | 'core_types'>> {
  const rows = await api.get<FilterOffers[]>('FilterOffers', undefined, { signal });
  return { locations: rows[0]?.locations ?? [], core_types: rows[0]?.core_types ?? [] };
}

export function useModelCatalogue(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.cloudPrices.catalogue(), queryFn: ({ signal }) => getModelCatalogue(signal), enabled }),
  );
}
