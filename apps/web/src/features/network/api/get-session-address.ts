/**
 * GET /api/MySessions?current=eq.true: the address this browser's session signed in from, as the
 * portal itself saw it — no third-party 'what is my IP' service is asked. Used to mark that
 * address in the list of one's own IPs; null when the server did not record one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySession } from '@portside/contract/schemas/sessions';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getSessionAddress(signal?: AbortSignal): Promise<string | null> {
  const rows = await api.get<Pick<MySession, 'ip'>[]>('MySessions', { current: 'eq.true', select: 'ip' }, { signal });
  return rows[0]?.ip ?? null;
}

export function sessionAddressQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.myIps.sessionAddress(),
    queryFn: ({ signal }) => getSessionAddress(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSessionAddress() {
  return useQuery(sessionAddressQueryOptions());
}
