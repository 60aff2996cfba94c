/**
 * POST /api/rpc/PayInvoices {p_invoice_ids, p_method, p_idempotency_key} → PaymentStarted: one
 * payment for up to 20 open invoices of the account, by card, bank transfer or from the balance.
 * The key is made once per dialog, so a double submit is the same payment.
 */
import { useMutation } from '@tanstack/react-query';
import type { PayInvoicesInput, PaymentStarted } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';

export async function payInvoices(body: PayInvoicesInput): Promise<PaymentStarted> {
  const started = await api.rpc<PaymentStarted>('PayInvoices', body);
  // A balance payment has paid the invoices already: every billing list is stale.
  if (started.status === 'succeeded') await queryClient.invalidateQueries();
  return started;
}

export function usePayInvoices() {
  return useMutation({ mutationKey: ['payments', 'PayInvoices'], mutationFn: payInvoices });
}
