/**
 * POST /api/rpc/PayInvoices {p_invoice_ids, p_method, p_idempotency_key} → {payment_id, status,
 * redirect_url?}: one payment for the selected open invoices (the payments feature implements the
 * call). A card payment answers the provider's page to go to; the billing reads are refetched.
 */
import { useMutation } from '@tanstack/react-query';
import type { PayInvoicesInput, PaymentStart } from '@portside/contract/schemas/billing';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { billingKey } from './get-my-invoices';

export function payInvoices(body: PayInvoicesInput): Promise<PaymentStart> {
  return api.rpc<PaymentStart>('PayInvoices', body);
}

export function usePayInvoices() {
  return useMutation({
    mutationKey: [...billingKey, 'PayInvoices'],
    mutationFn: payInvoices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}
