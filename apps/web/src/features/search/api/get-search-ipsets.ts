/**
 * The IP sets section of the global search (spec 1 §2 Modals, §5): GET /api/MyIpsets while the
 * overlay is open, filtered with the contract's rule by name and comment. Asked only with
 * menu-see-ipsets (a 403 would end the session).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { filterIpsets } from '@portside/contract/rules/search-filter';
import type { IpsetRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useSession } from '../../../shared/session/store';
import type { IpsetHit, SearchSection } from '../lib/types';

export async function getSearchIpsets(signal?: AbortSignal): Promise<IpsetHit[]> {
  const rows = await api.get<Pick<IpsetRow, 'ipset' | 'name' | 'comment'>[]>(
    'MyIpsets',
    { select: 'ipset,name,comment', order: 'name.asc' },
    { signal },
  );
  return Array.isArray(rows) ? rows : [];
}

export function searchIpsetsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.searchIpsets(),
    queryFn: ({ signal }) => getSearchIpsets(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The IP sets section for `phrase`; empty and idle while the overlay is closed or without the claim. */
export function useSearchIpsets(phrase: string, opened: boolean): SearchSection<IpsetHit> {
  const profile = useSession('customerDetails');
  const enabled = opened && !!profile && hasClaim(profile, 'menu-see-ipsets');
  const q = useQuery({ ...searchIpsetsQueryOptions(), enabled });
  if (!enabled) return { loading: false, items: [] };
  return { loading: q.isPending, items: filterIpsets(q.data ?? [], phrase), query: q };
}
