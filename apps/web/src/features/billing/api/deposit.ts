/**
 * POST /api/rpc/Deposit {p_amount_cents, p_method, p_idempotency_key} → {payment_id, status,
 * redirect_url?}: adds funds to the credit balance (the payments feature implements the call).
 */
import { useMutation } from '@tanstack/react-query';
import type { DepositInput, PaymentStart } from '@portside/contract/schemas/billing';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { billingKey } from './get-my-invoices';

export function deposit(body: DepositInput): Promise<PaymentStart> {
  return api.rpc<PaymentStart>('Deposit', body);
}

export function useDeposit() {
  return useMutation({
    mutationKey: [...billingKey, 'Deposit'],
    mutationFn: deposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}
