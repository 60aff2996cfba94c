/**
 * One page of an infrastructure list (Clusters, InfraBmcs, InfraRouters) with the number of
 * matching rows, searched by the view's `search` column (or its name, for Clusters), a page at a
 * time, kept on screen while the next page loads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { INFRA_PAGE_SIZE } from '@portside/contract/schemas/infra';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { searchFilter } from '../lib/search';
import { infraKeys } from './infra-keys';

export interface InfraListParams {
  page: number;
  search: string;
}

/** Query options of page `p.page` of `view`, asking for `columns`; `searchColumn` holds the lower-cased text searched. */
export function infraPageOptions<T>(view: string, columns: readonly string[], searchColumn: string, p: InfraListParams) {
  return queryOptions({
    queryKey: infraKeys.list(view, p),
    queryFn: ({ signal }) => {
      const query: ViewQuery = {
        select: columns.join(','),
        order: 'name.asc',
        limit: String(INFRA_PAGE_SIZE),
        offset: String((p.page - 1) * INFRA_PAGE_SIZE),
      };
      const filter = searchFilter(p.search);
      if (filter) query[searchColumn] = filter;
      return api.get<Counted<T>>(view, query, { signal, count: true });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
