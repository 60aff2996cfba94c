/** GET /api/MyUsers?username=eq.<username>: one user of the account by lower-cased e-mail, or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyUser } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getMyUser(username: string, signal?: AbortSignal): Promise<MyUser | null> {
  const rows = await api.get<MyUser[]>('MyUsers', { username: `eq.${username.toLowerCase()}` }, { signal });
  return Array.isArray(rows) ? (rows[0] ?? null) : null;
}

export function myUserQueryOptions(username: string) {
  return queryOptions({
    queryKey: queryKeys.users.one(username),
    queryFn: ({ signal }) => getMyUser(username, signal),
  });
}

export function useMyUser(username: string, enabled = true) {
  return useQuery({ ...myUserQueryOptions(username), enabled });
}
