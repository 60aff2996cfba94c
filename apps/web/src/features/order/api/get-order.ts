/**
 * "Order data by order id" (spec 2 §7): GET /api/MyOrders?id=eq.{id}; the first element is kept
 * in the session state as orderData.
 */
import { api } from '../../../shared/api/client';
import { setSession } from '../../../shared/session/store';
import type { MyOrder } from '@portside/contract/schemas/orders';

export async function loadOrderData(id: number): Promise<MyOrder | null> {
  const rows = await api.get<MyOrder[]>('MyOrders', { id: `eq.${id}` });
  const order = rows[0] ?? null;
  setSession('orderData', order);
  return order;
}
