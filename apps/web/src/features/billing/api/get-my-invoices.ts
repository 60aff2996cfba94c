/** GET /api/MyInvoices: a page of the account's invoices, newest first, with an exact count. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INVOICES_PAGE_SIZE, type MyInvoice } from '@portside/contract/schemas/billing';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMyInvoices(page: number, signal?: AbortSignal): Promise<Counted<MyInvoice>> {
  const query = {
    order: 'issued_on.desc,id.desc',
    limit: String(INVOICES_PAGE_SIZE),
    offset: String((page - 1) * INVOICES_PAGE_SIZE),
  };
  return api.get<Counted<MyInvoice>>('MyInvoices', query, { signal, count: true });
}

export function myInvoicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.billing.invoices(page),
    queryFn: ({ signal }) => getMyInvoices(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyInvoices(page: number) {
  return useQuery(myInvoicesQueryOptions(page));
}
