/** PATCH /api/ServersDisksPricelist?kind=eq.{kind} (staff): a part price (cents per GB or TB, two decimals) from a day on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartKind } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface UpdatePartPriceInput {
  kind: PartKind;
  cents: number;
  effectiveFrom: string;
}

export function updateServersDisksPricelist({ kind, cents, effectiveFrom }: UpdatePartPriceInput): Promise<unknown> {
  return api.patch('ServersDisksPricelist', { kind: `eq.${kind}` }, { p_cents: cents, p_effective_from: effectiveFrom });
}

export function useUpdateServersDisksPricelist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['dedicated-prices', 'update-part'],
    mutationFn: updateServersDisksPricelist,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.dedicatedPrices.all }),
        client.invalidateQueries({ queryKey: queryKeys.prices.all }),
      ]),
  });
}
