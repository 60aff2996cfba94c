/**
 * PATCH /api/ServersPricelist?id=eq.{id} (staff): a new monthly price from a day on
 * ({p_cents, p_effective_from}), or whether the offer is offered ({p_active}). The lists are read
 * again afterwards, and the price's dated changes with them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateServersPricelistBody } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type UpdateOfferInput = Omit<UpdateServersPricelistBody, 'p_id'> & { id: number };

export function updateServersPricelist({ id, ...body }: UpdateOfferInput): Promise<unknown> {
  return api.patch('ServersPricelist', { id: `eq.${id}` }, body);
}

export function useUpdateServersPricelist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['dedicated-prices', 'update-offer'],
    mutationFn: updateServersPricelist,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.dedicatedPrices.all }),
        client.invalidateQueries({ queryKey: queryKeys.prices.all }),
      ]),
  });
}
