/** GET /api/SwitchesConnections (role staff): a page of which server port is on which switch port, searchable. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTERS_PAGE_SIZE, type SwitchConnectionRow } from '@portside/contract/schemas/routers';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { searchFilter, searchText } from '../lib/search';
import { routersKeys } from './routers-keys';

export function getSwitchConnections(search: string, page: number, signal?: AbortSignal): Promise<Counted<SwitchConnectionRow>> {
  const query: ViewQuery = {
    order: 'switch_name.asc,port.asc',
    limit: String(ROUTERS_PAGE_SIZE),
    offset: String((page - 1) * ROUTERS_PAGE_SIZE),
  };
  const filter = searchFilter(search);
  if (filter) query.search = filter;
  return api.get<Counted<SwitchConnectionRow>>('SwitchesConnections', query, { signal, count: true });
}

/** `enabled` false for users without the staff role: the API's 403 would end their session. */
export function useSwitchConnections(search: string, page: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: routersKeys.switches(searchText(search), page),
      queryFn: ({ signal }) => getSwitchConnections(search, page, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
