/**
 * GET /api/MyDedicatedServers: one page of the account's dedicated servers, by hostname, with an
 * exact count for the pager. Refetched every 2 s while a server on the page is changing its power
 * state (the live messages usually come first; this keeps the list right without them).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DedicatedServer } from '@portside/contract/schemas/dedicated';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { DEDICATED_PAGE_SIZE, busyRefetchInterval } from '../lib/power';

export function getDedicatedServers(page: number, signal?: AbortSignal): Promise<Counted<DedicatedServer>> {
  const query = {
    order: 'hostname.asc,serial.asc',
    limit: String(DEDICATED_PAGE_SIZE),
    offset: String((page - 1) * DEDICATED_PAGE_SIZE),
  };
  return api.get<Counted<DedicatedServer>>('MyDedicatedServers', query, { signal, count: true });
}

export function dedicatedServersQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.dedicated.page(page),
    queryFn: ({ signal }) => getDedicatedServers(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => busyRefetchInterval(q.state.data?.rows),
  });
}

/** Asked only with menu-see-dedicated-servers (the route's gate): a 403 would end the session. */
export function useDedicatedServers(page: number) {
  return useQuery(dedicatedServersQueryOptions(page));
}
