/** GET /api/FinanceInvoices (finance, staff): a page of every account's invoices, filtered and searched. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FinanceInvoice } from '@portside/contract/schemas/finance';
import { todayUtc } from '@portside/contract/rules/invoice-status';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { invoicesQuery, type InvoiceFilter } from '../lib/finance-query';

export function useFinanceInvoices(filter: InvoiceFilter, search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.finance.invoices(filter, search, page),
    queryFn: ({ signal }) =>
      api.get<Counted<FinanceInvoice>>('FinanceInvoices', invoicesQuery(filter, search, page, todayUtc()), {
        signal,
        count: true,
      }),
    placeholderData: keepPreviousData,
  });
}
