/** POST /api/rpc/CreateOrder {p_idempotency_key, p_items, p_payment_method} → CreateOrderAnswer. */
import { useMutation } from '@tanstack/react-query';
import type { CreateOrderAnswer, CreateOrderInput } from '@portside/contract/schemas/orders';
import { api } from '../../../shared/api/client';

export function createOrder(body: CreateOrderInput): Promise<CreateOrderAnswer> {
  return api.rpc<CreateOrderAnswer>('CreateOrder', body);
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
