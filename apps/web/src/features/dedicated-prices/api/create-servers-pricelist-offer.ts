/** POST /api/rpc/ServersPricelistCreate (staff): a new dedicated offer from the reference lists; answers its id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServersPricelistCreateBody } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function createServersPricelistOffer(body: ServersPricelistCreateBody): Promise<{ id: number }> {
  return api.rpc<{ id: number }>('ServersPricelistCreate', body);
}

export function useCreateServersPricelistOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['dedicated-prices', 'create-offer'],
    mutationFn: createServersPricelistOffer,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.dedicatedPrices.all }),
  });
}
