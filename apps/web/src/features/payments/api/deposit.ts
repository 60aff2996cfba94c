/**
 * POST /api/rpc/Deposit {p_amount_cents, p_method, p_idempotency_key} → PaymentStarted: adds to
 * the credit balance once paid (card or bank transfer, 5 € to 10 000 €).
 */
import { useMutation } from '@tanstack/react-query';
import type { DepositInput, PaymentStarted } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';

export function deposit(body: DepositInput): Promise<PaymentStarted> {
  return api.rpc<PaymentStarted>('Deposit', body);
}

export function useDeposit() {
  return useMutation({ mutationKey: ['payments', 'Deposit'], mutationFn: deposit });
}
