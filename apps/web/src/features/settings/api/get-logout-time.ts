/** GET /api/MyLogoutTime → [{logout_after_minutes}]: the account's inactivity logout. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getLogoutTime(signal?: AbortSignal): Promise<number | null> {
  const rows = await api.get<Array<{ logout_after_minutes: number }>>('MyLogoutTime', undefined, { signal });
  return rows[0]?.logout_after_minutes ?? null;
}

export function logoutTimeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings.logoutTime(), queryFn: ({ signal }) => getLogoutTime(signal) });
}

export function useLogoutTime() {
  return useQuery(logoutTimeQueryOptions());
}
