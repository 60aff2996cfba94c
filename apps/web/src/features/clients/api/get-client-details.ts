/** GET /api/ClientDetails?id=eq.{client} (staff): the client page, everything of the account on one row. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientDetails } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

/** The account, or null when there is no such account. */
export async function getClientDetails(id: string, signal?: AbortSignal): Promise<ClientDetails | null> {
  const rows = await api.get<ClientDetails[]>('ClientDetails', { id: `eq.${id}` }, { signal });
  return rows[0] ?? null;
}

export function clientDetailsQueryOptions(id: string, enabled = true) {
  return queryOptions({
    queryKey: [...STAFF_KEY, 'ClientDetails', id] as const,
    queryFn: ({ signal }) => getClientDetails(id, signal),
    staleTime: 0,
    enabled,
  });
}

export function useClientDetails(id: string, enabled = true) {
  return useQuery(clientDetailsQueryOptions(id, enabled));
}
