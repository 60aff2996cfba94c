/**
 * GET /api/InternalStatus (public; logged-in callers also get the automatic 'sync_lost' one): the
 * statuses every page shows as a banner, read again every minute and when the window regains focus.
 * Part of every first load, so it holds nothing but the read.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InternalStatusRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export const STATUS_REFETCH_MS = 60_000;

export function getInternalStatus(signal?: AbortSignal): Promise<InternalStatusRow[]> {
  return api.get<InternalStatusRow[]>('InternalStatus', undefined, { signal });
}

export function useInternalStatus(loggedIn: boolean) {
  const query = useQuery({
    queryKey: queryKeys.support.status(loggedIn),
    queryFn: ({ signal }) => getInternalStatus(signal),
    staleTime: 0,
    refetchInterval: STATUS_REFETCH_MS,
    refetchOnWindowFocus: true,
    // A failed read keeps the last answer and tries again at the next minute; no retry storm.
    retry: false,
  });
  const { refetch } = query;
  // TanStack Query follows the tab's visibility; a focus back into a visible window counts too.
  useEffect(() => {
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return query;
}
