/**
 * GET /api/MyUsers (menu-see-users): the account's users, the owner first, a page at a time with
 * an exact count. The client column is filled only for callers holding pg-see-client.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyUser } from '@portside/contract/schemas/users';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Users per page of the table. */
export const USERS_PAGE_SIZE = 25;

export function getMyUsers(page: number, signal?: AbortSignal): Promise<Counted<MyUser>> {
  const query = { limit: String(USERS_PAGE_SIZE), offset: String((page - 1) * USERS_PAGE_SIZE) };
  return api.get<Counted<MyUser>>('MyUsers', query, { signal, count: true });
}

export function myUsersQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.users.list(page),
    queryFn: ({ signal }) => getMyUsers(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyUsers(page: number, enabled = true) {
  return useQuery({ ...myUsersQueryOptions(page), enabled });
}
