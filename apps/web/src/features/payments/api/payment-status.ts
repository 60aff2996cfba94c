/**
 * POST /api/rpc/PaymentStatus {p_payment_id} → PaymentState: the server asks the provider and
 * applies an ended payment once. Polled while the payment is pending (a card payment's return,
 * a bank transfer waiting for finance).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentState } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** How often a pending payment is asked after again. */
export const PAYMENT_POLL_MS = 2_000;

export async function getPaymentStatus(id: number): Promise<PaymentState> {
  const state = await api.rpc<PaymentState>('PaymentStatus', { p_payment_id: id });
  // A payment that has ended changed invoices, the balance or an order.
  if (state.status !== 'pending')
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.payments.all[0] });
  return state;
}

export function paymentStatusQueryOptions(id: number, pollMs = PAYMENT_POLL_MS) {
  return queryOptions({
    queryKey: queryKeys.payments.status(id),
    queryFn: () => getPaymentStatus(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? pollMs : false),
  });
}

export function usePaymentStatus(id: number, pollMs?: number) {
  return useQuery(paymentStatusQueryOptions(id, pollMs));
}
