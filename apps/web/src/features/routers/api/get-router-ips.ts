/**
 * GET /api/RoutersIPs (claim menu-see-routers-ips): a page of one subnet's addresses in address
 * order with an exact count, optionally only those whose address, MAC, server, account or comment
 * holds the search text.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTERS_PAGE_SIZE, type RouterIpRow } from '@portside/contract/schemas/routers';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { searchFilter, searchText } from '../lib/search';
import { routersKeys } from './routers-keys';

export function getRouterIps(subnet: number, search: string, page: number, signal?: AbortSignal): Promise<Counted<RouterIpRow>> {
  const query: ViewQuery = {
    subnet: `eq.${subnet}`,
    order: 'seq.asc',
    limit: String(ROUTERS_PAGE_SIZE),
    offset: String((page - 1) * ROUTERS_PAGE_SIZE),
  };
  const filter = searchFilter(search);
  if (filter) query.search = filter;
  return api.get<Counted<RouterIpRow>>('RoutersIPs', query, { signal, count: true });
}

export function useRouterIps(subnet: number | null, search: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: routersKeys.ips(subnet ?? 0, searchText(search), page),
      queryFn: ({ signal }) => getRouterIps(subnet ?? 0, search, page, signal),
      enabled: subnet !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
