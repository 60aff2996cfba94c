/**
 * 'Try again' after a failed or cancelled card payment: a new payment (a new key) of the same
 * invoices, deposit amount or order, by card, straight on to the provider's page.
 */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PaymentStarted, PaymentState } from '@portside/contract/schemas/payments';
import { deposit } from '../api/deposit';
import { payInvoices } from '../api/pay-invoices';
import { payOrder } from '../api/pay-order';
import { continuePayment } from './continue-payment';
import { newIdempotencyKey } from './idempotency-key';

export function useRetryPayment() {
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['payments', 'retry'],
    mutationFn: (p: PaymentState): Promise<PaymentStarted> => {
      const key = newIdempotencyKey();
      if (p.purpose === 'invoices')
        return payInvoices({ p_invoice_ids: p.invoice_ids, p_method: 'card', p_idempotency_key: key });
      if (p.purpose === 'deposit') return deposit({ p_amount_cents: p.amount_cents, p_method: 'card', p_idempotency_key: key });
      return payOrder({ p_order_id: p.order_id ?? 0, p_method: 'card', p_idempotency_key: key });
    },
    onSuccess: (started, p) =>
      continuePayment(started, p.purpose === 'order' ? (p.order_id ?? 'invoices') : p.purpose, 'card', (to) => void navigate(to)),
  });
}
