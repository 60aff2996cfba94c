/** GET /api/FinanceRevenue (finance, staff): the invoices' net and VAT per month, country and VAT treatment, from `from` on. */
import { useQuery } from '@tanstack/react-query';
import type { FinanceRevenue } from '@portside/contract/schemas/finance';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function useFinanceRevenue(from: string) {
  return useQuery({
    queryKey: queryKeys.finance.revenue(from),
    queryFn: ({ signal }) =>
      api.get<FinanceRevenue[]>(
        'FinanceRevenue',
        { month: `gte.${from}`, order: 'month.asc,country.asc', limit: '1000' },
        { signal },
      ),
  });
}
