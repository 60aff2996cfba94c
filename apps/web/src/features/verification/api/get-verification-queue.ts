/** GET /api/VerificationQueue (staff): the pending verification requests, oldest first, a page at a time. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationQueueItem } from '@portside/contract/schemas/verification';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Requests per page (each shows two images). */
export const QUEUE_PAGE_SIZE = 10;

/** One page (1-based) of the queue and the number of pending requests. */
export async function getVerificationQueue(page: number, signal?: AbortSignal): Promise<Counted<VerificationQueueItem>> {
  const query = { order: 'submitted_at.asc', limit: String(QUEUE_PAGE_SIZE), offset: String((page - 1) * QUEUE_PAGE_SIZE) };
  return api.get<Counted<VerificationQueueItem>>('VerificationQueue', query, { signal, count: true });
}

export function verificationQueueQueryOptions(page: number, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.verification.queuePage(page),
    queryFn: ({ signal }) => getVerificationQueue(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVerificationQueue(page: number, enabled = true) {
  return useQuery(verificationQueueQueryOptions(page, enabled));
}
