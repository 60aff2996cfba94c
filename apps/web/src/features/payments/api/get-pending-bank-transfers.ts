/**
 * GET /api/PendingBankTransfers (finance, staff): a page of the bank transfers not yet received
 * and the open invoices (by their own reference), of every account, oldest first, with an exact count; optionally only references containing a
 * search text.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PENDING_TRANSFERS_PAGE_SIZE, type PendingBankTransfer } from '@portside/contract/schemas/payments';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** A typed search as a reference fragment: upper case, only the characters a reference has. */
export function referenceSearch(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9-]/g, '');
}

export function getPendingBankTransfers(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<Counted<PendingBankTransfer>> {
  const query: ViewQuery = {
    order: 'created_at.asc,reference.asc',
    limit: String(PENDING_TRANSFERS_PAGE_SIZE),
    offset: String((page - 1) * PENDING_TRANSFERS_PAGE_SIZE),
  };
  const fragment = referenceSearch(search);
  if (fragment) query.reference = `ilike.*${fragment}*`;
  return api.get<Counted<PendingBankTransfer>>('PendingBankTransfers', query, { signal, count: true });
}

export function usePendingBankTransfers(page: number, search: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.payments.pendingTransfersPage(referenceSearch(search), page),
      queryFn: ({ signal }) => getPendingBankTransfers(page, search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
