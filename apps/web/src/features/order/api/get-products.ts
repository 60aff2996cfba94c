/** GET /api/Products (public): the dedicated-server configurations, kept in the session as products. */
import { api } from '../../../shared/api/client';
import type { ServerProduct } from '@portside/contract/schemas/offers';
import { useSessionList } from '../lib/use-session-list';

export function getProducts(signal?: AbortSignal): Promise<ServerProduct[]> {
  return api.get<ServerProduct[]>('Products', undefined, { signal });
}

export function useProducts() {
  return useSessionList<ServerProduct>('products', getProducts);
}
