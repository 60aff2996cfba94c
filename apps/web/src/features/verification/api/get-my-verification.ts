/**
 * GET /api/MyVerification: the account's verification status, the latest request (reason when
 * rejected) and, for the owner, the uploaded images (without storage keys). One row.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVerification } from '@portside/contract/schemas/verification';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** While staff review, the status is polled this often so the result shows without a reload. */
const PENDING_POLL_MS = 10_000;

export async function getMyVerification(signal?: AbortSignal): Promise<MyVerification | null> {
  const rows = await api.get<MyVerification[]>('MyVerification', undefined, { signal });
  return Array.isArray(rows) ? (rows[0] ?? null) : null;
}

export function myVerificationQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.verification.mine(),
    queryFn: ({ signal }) => getMyVerification(signal),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

export function useMyVerification() {
  return useQuery(myVerificationQueryOptions());
}
