/** POST /api/ProductsModels (staff): a new cloud model with its price at every location → [the new row]. */
import { useMutation } from '@tanstack/react-query';
import type { ProductsModelCreate, ProductsModelRow } from '@portside/contract/schemas/cloud-prices';
import { api } from '../../../shared/api/client';
import { useRefreshPrices } from '../lib/use-refresh-prices';

export function createProductsModel(body: ProductsModelCreate): Promise<ProductsModelRow[]> {
  return api.post<ProductsModelRow[]>('ProductsModels', body);
}

export function useCreateProductsModel() {
  const refresh = useRefreshPrices();
  return useMutation({ mutationKey: ['cloud-prices', 'create-model'], mutationFn: createProductsModel, onSettled: refresh });
}
