/** GET /api/MyClaims (menu-see-users): the claims the caller can grant (every customer claim for the owner). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getMyClaims(signal?: AbortSignal): Promise<string[]> {
  const rows = await api.get<Array<{ claim: string }>>('MyClaims', undefined, { signal });
  return (Array.isArray(rows) ? rows : []).map((r) => r.claim);
}

export function myClaimsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.grantable(),
    queryFn: ({ signal }) => getMyClaims(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMyClaims(enabled = true) {
  return useQuery({ ...myClaimsQueryOptions(), enabled });
}
