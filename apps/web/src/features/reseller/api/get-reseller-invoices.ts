/**
 * GET /api/MyResellerInvoices?client=eq.{id}: one client's invoices within its contract's period,
 * newest first, each with its commission base and commission (the server computes both with the
 * contract's rule; another account's client answers no row).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResellerInvoice } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getResellerInvoices(client: string, signal?: AbortSignal): Promise<ResellerInvoice[]> {
  return api.get<ResellerInvoice[]>(
    'MyResellerInvoices',
    { client: `eq.${client}`, order: 'issued_on.desc,invoice.desc' },
    { signal },
  );
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
