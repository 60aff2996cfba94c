/**
 * The public invoice payment of /pay-invoice/:issuer/:invoice (contract payments.ts), on the
 * payment and service host, without a session: the invoice the link names, paying it by card or
 * bank transfer, and where a payment of it stands (polled while pending).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { paymentPaths } from '@portside/contract/payments';
import type { PaymentStarted, PaymentState, PublicInvoice, PublicInvoicePayInput } from '@portside/contract/schemas/payments';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { onSvcHost } from '../lib/svc';
import { PAYMENT_POLL_MS } from './payment-status';
import { queryKeys } from '../../../shared/api/query-keys';

export interface InvoiceLink {
  issuer: string;
  invoice: string;
}

const invoiceKey = (l: InvoiceLink) => queryKeys.payments.publicInvoice(l.issuer, l.invoice);

export function publicInvoiceQueryOptions(l: InvoiceLink) {
  return queryOptions({
    queryKey: invoiceKey(l),
    queryFn: () => api.svc<PublicInvoice>('GET', onSvcHost(paymentPaths.invoice(l.issuer, l.invoice))),
    retry: false,
  });
}

export function usePublicInvoice(l: InvoiceLink) {
  return useQuery(publicInvoiceQueryOptions(l));
}

export function usePayPublicInvoice(l: InvoiceLink) {
  return useMutation({
    mutationKey: ['payments', 'public-invoice-pay'],
    mutationFn: (body: PublicInvoicePayInput) =>
      api.svc<PaymentStarted>('POST', onSvcHost(paymentPaths.invoice(l.issuer, l.invoice)), body),
  });
}

export function usePublicInvoicePayment(l: InvoiceLink, paymentId: number) {
  return useQuery({
    queryKey: queryKeys.payments.publicInvoicePayment(l.issuer, l.invoice, paymentId),
    queryFn: async () => {
      const state = await api.svc<PaymentState>('GET', onSvcHost(paymentPaths.invoicePayment(l.issuer, l.invoice, paymentId)));
      if (state.status !== 'pending') void queryClient.invalidateQueries({ queryKey: invoiceKey(l), exact: true });
      return state;
    },
    enabled: Number.isSafeInteger(paymentId) && paymentId > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
}
