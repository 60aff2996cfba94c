/**
 * POST /api/rpc/MarkBankTransferReceived {p_reference} → PaymentState (finance, staff): the
 * transfer arrived; the server applies it once (a second call answers the same state).
 */
import { useMutation } from '@tanstack/react-query';
import type { PaymentState } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';

export function markBankTransferReceived(reference: string): Promise<PaymentState> {
  return api.rpc<PaymentState>('MarkBankTransferReceived', { p_reference: reference });
}

export function useMarkBankTransferReceived() {
  return useMutation({
    mutationKey: ['payments', 'MarkBankTransferReceived'],
    mutationFn: markBankTransferReceived,
    // The transfer left the list, and it paid invoices, a deposit or an order.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
