/**
 * PATCH /api/ProductsModels?id=eq.{id} (staff): a location's price from a day on, or {p_active}
 * to retire or restore the model → [the changed row].
 */
import { useMutation } from '@tanstack/react-query';
import type { ProductsModelRow } from '@portside/contract/schemas/cloud-prices';
import { api } from '../../../shared/api/client';
import { useRefreshPrices } from '../lib/use-refresh-prices';

export type ModelChange =
  { id: number; location: string; cents: number; effectiveFrom: string } | { id: number; active: boolean };

export function updateProductsModel(c: ModelChange): Promise<ProductsModelRow[]> {
  const body =
    'active' in c ? { p_active: c.active } : { p_location: c.location, p_cents: c.cents, p_effective_from: c.effectiveFrom };
  return api.patch<ProductsModelRow[]>('ProductsModels', { id: `eq.${c.id}` }, body);
}

export function useUpdateProductsModel() {
  const refresh = useRefreshPrices();
  return useMutation({ mutationKey: ['cloud-prices', 'update-model'], mutationFn: updateProductsModel, onSettled: refresh });
}
