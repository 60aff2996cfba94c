/** GET /api/FinancePayments (finance, staff): a page of the payments that ended, of every account. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FinancePayment } from '@portside/contract/schemas/finance';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { paymentsQuery } from '../lib/finance-query';

export function useFinancePayments(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.finance.payments(search, page),
    queryFn: ({ signal }) =>
      api.get<Counted<FinancePayment>>('FinancePayments', paymentsQuery(search, page), { signal, count: true }),
    placeholderData: keepPreviousData,
  });
}
