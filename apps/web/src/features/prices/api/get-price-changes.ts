/**
 * GET /api/PriceChanges?item=like.<prefix>* (staff): the dated price changes of one price or of a
 * whole price list, newest day first — the scheduled ones (not started) and the history.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceChange } from '@portside/contract/schemas/prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The most changes one read answers; a price list with more shows the newest. */
export const PRICE_CHANGES_LIMIT = 500;

export function getPriceChanges(prefix: string, signal?: AbortSignal): Promise<PriceChange[]> {
  return api.get<PriceChange[]>(
    'PriceChanges',
    { item: `like.${prefix}*`, order: 'effective_from.desc,id.desc', limit: String(PRICE_CHANGES_LIMIT) },
    { signal },
  );
}

export function priceChangesQueryOptions(prefix: string, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.prices.changes(prefix),
    queryFn: ({ signal }) => getPriceChanges(prefix, signal),
    staleTime: 0,
    enabled,
  });
}

/** The changes of every item whose key starts with `prefix` ('vm_model:' for a list, 'vm_model:3:lis' for one price). */
export function usePriceChanges(prefix: string, enabled = true) {
  return useQuery(priceChangesQueryOptions(prefix, enabled));
}
