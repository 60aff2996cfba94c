/**
 * POST /api/rpc/PriceChangeCancel {p_id} (staff): withdraws a price change still to come;
 * PRICE_CHANGE_STARTED once it applies. Every price read is refreshed whatever the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function cancelPriceChange(id: number): Promise<{ id: number; item: string }> {
  return api.rpc<{ id: number; item: string }>('PriceChangeCancel', { p_id: id });
}

/** `refresh` names the price list's own reads (their 'next change' columns) to refresh too. */
export function useCancelPriceChange(refresh: readonly unknown[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['prices', 'cancel'],
    mutationFn: cancelPriceChange,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.prices.all }),
        ...(refresh.length ? [client.invalidateQueries({ queryKey: refresh })] : []),
      ]),
  });
}
