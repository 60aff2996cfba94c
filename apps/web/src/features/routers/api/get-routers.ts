/**
 * GET /api/Routers (claim menu-see-routers-subnets): the routers with the state of their last
 * read. While a rebuild runs (a router's sync_pending) the list is asked again every two seconds,
 * which is the rebuild's progress on /routers-subnets.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouterRow } from '@portside/contract/schemas/routers';
import { api } from '../../../shared/api/client';
import { routersKeys } from './routers-keys';

/** How often the routers are asked while a rebuild runs. */
export const REBUILD_POLL_MS = 2000;

export function getRouters(signal?: AbortSignal): Promise<RouterRow[]> {
  return api.get<RouterRow[]>('Routers', { order: 'name.asc' }, { signal });
}

export function routersQuery() {
  return queryOptions({
    queryKey: routersKeys.routers(),
    queryFn: ({ signal }) => getRouters(signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.sync_pending) ? REBUILD_POLL_MS : false),
  });
}

export function useRouters() {
  return useQuery(routersQuery());
}
