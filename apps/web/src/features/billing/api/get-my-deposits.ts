/** GET /api/MyDeposits: a page of the account's succeeded deposits, newest first, with an exact count. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEPOSITS_PAGE_SIZE, type MyDeposit } from '@portside/contract/schemas/billing';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMyDeposits(page: number, signal?: AbortSignal): Promise<Counted<MyDeposit>> {
  const query = { limit: String(DEPOSITS_PAGE_SIZE), offset: String((page - 1) * DEPOSITS_PAGE_SIZE) };
  return api.get<Counted<MyDeposit>>('MyDeposits', query, { signal, count: true });
}

export function myDepositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.billing.deposits(page),
    queryFn: ({ signal }) => getMyDeposits(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyDeposits(page: number) {
  return useQuery(myDepositsQueryOptions(page));
}
