/**
 * GET /api/MyResellerInvoices?client=eq.{id}: one client's invoices within its contract's period,
 * newest first, each with its commission base and commission (the server computes both with the
 * contract's rule; another account's client answers no row). Without the filter: every client's,
 * for the commission per month over all of them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResellerInvoice } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getResellerInvoices(client: string | null, signal?: AbortSignal): Promise<ResellerInvoice[]> {
  const order = 'issued_on.desc,invoice.desc';
  return api.get<ResellerInvoice[]>('MyResellerInvoices', client ? { client: `eq.${client}`, order } : { order }, { signal });
}

export function resellerInvoicesQueryOptions(client: string) {
  return queryOptions({
    queryKey: queryKeys.reseller.invoices(client),
    queryFn: ({ signal }) => getResellerInvoices(client, signal),
  });
}

export function useResellerInvoices(client: string | null) {
  return useQuery({ ...resellerInvoicesQueryOptions(client ?? ''), enabled: !!client });
}

export function useAllResellerInvoices() {
  return useQuery({ queryKey: queryKeys.reseller.allInvoices(), queryFn: ({ signal }) => getResellerInvoices(null, signal) });
}
