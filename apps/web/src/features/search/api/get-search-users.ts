/**
 * The users section of the global search (spec 1 §2 Modals, §5): GET /api/MyUsers while the
 * overlay is open, filtered by e-mail with the contract's search rule (a phrase of 2+ characters).
 * Asked only with menu-see-users (the API would answer 403, which ends the session); closing the
 * overlay clears the users.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { filterUsers } from '@portside/contract/rules/search-filter';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/store';
import type { SearchSection, UserHit } from '../lib/types';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getSearchUsers(signal?: AbortSignal): Promise<UserHit[]> {
  const rows = await api.get<UserHit[]>('MyUsers', { select: 'email,client' }, { signal });
  return Array.isArray(rows) ? rows : [];
}

export function searchUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.searchUsers(),
    queryFn: ({ signal }) => getSearchUsers(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The users section for `phrase`; empty and idle while the overlay is closed or without the claim. */
export function useSearchUsers(phrase: string, opened: boolean): SearchSection<UserHit> {
  const profile = useSession('customerDetails');
  const enabled = opened && !!profile && hasClaim(profile, 'menu-see-users');
  const q = useQuery({ ...searchUsersQueryOptions(), enabled });
  if (!enabled) return { loading: false, items: [] };
  return { loading: q.isPending, items: filterUsers(q.data ?? [], phrase), query: q };
}
