/** GET /api/ProductsVms (public): the VM models with their lowest price, kept in the session as productsVms. */
import { api } from '../../../shared/api/client';
import type { VmProduct } from '@portside/contract/schemas/offers';
import { useSessionList } from '../lib/use-session-list';

export function getProductsVms(signal?: AbortSignal): Promise<VmProduct[]> {
  return api.get<VmProduct[]>('ProductsVms', undefined, { signal });
}

export function useProductsVms() {
  return useSessionList<VmProduct>('productsVms', getProductsVms);
}
