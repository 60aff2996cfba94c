/**
 * "Order data by order id" (spec 2 §7): GET /api/MyOrders?id=eq.{id}; the first element is kept
 * in the session state as orderData.
 */
import { api } from '../../../shared/api/client';
import { setSession } from '../../../shared/session/store';
import type { OrderRow } from '../lib/types';

export async function loadOrderData(id: number): Promise<OrderRow | null> {
  const rows = await api.get<OrderRow[]>('MyOrders', { id: `eq.${id}` });
  const order = rows[0] ?? null;
  setSession('orderData', order);
  return order;
}
