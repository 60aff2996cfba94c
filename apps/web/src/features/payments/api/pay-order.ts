/**
 * POST /api/rpc/PayOrder {p_order_id, p_method, p_idempotency_key} → PaymentStarted: pays an
 * order that still awaits payment (after a declined or cancelled card payment).
 */
import { useMutation } from '@tanstack/react-query';
import type { PayOrderInput, PaymentStarted } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';

export function payOrder(body: PayOrderInput): Promise<PaymentStarted> {
  return api.rpc<PaymentStarted>('PayOrder', body);
}

export function usePayOrder() {
  return useMutation({ mutationKey: ['payments', 'PayOrder'], mutationFn: payOrder });
}
