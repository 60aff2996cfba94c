/** GET /api/RoutersArpEntries (claim menu-see-routers-arp-entries): a page of the ARP tables, searchable by IP or MAC. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTERS_PAGE_SIZE, type RouterArpRow } from '@portside/contract/schemas/routers';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { searchFilter, searchText } from '../lib/search';
import { routersKeys } from './routers-keys';

export function getArpEntries(
  router: number | null,
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<Counted<RouterArpRow>> {
  const query: ViewQuery = {
    order: 'router_name.asc,seq.asc',
    limit: String(ROUTERS_PAGE_SIZE),
    offset: String((page - 1) * ROUTERS_PAGE_SIZE),
  };
  if (router !== null) query.router = `eq.${router}`;
  const filter = searchFilter(search);
  if (filter) query.search = filter;
  return api.get<Counted<RouterArpRow>>('RoutersArpEntries', query, { signal, count: true });
}

export function useArpEntries(router: number | null, search: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: routersKeys.arp(router, searchText(search), page),
      queryFn: ({ signal }) => getArpEntries(router, search, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
