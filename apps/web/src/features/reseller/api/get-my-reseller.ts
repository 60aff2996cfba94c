/**
 * GET /api/MyReseller: where the account stands in the reseller programme (its agreement's status,
 * referrer code and commission percent); null before it has started (no row).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReseller } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getMyReseller(signal?: AbortSignal): Promise<MyReseller | null> {
  const rows = await api.get<MyReseller[]>('MyReseller', undefined, { signal });
  return rows[0] ?? null;
}

export function myResellerQueryOptions() {
  return queryOptions({ queryKey: queryKeys.reseller.me(), queryFn: ({ signal }) => getMyReseller(signal) });
}

export function useMyReseller() {
  return useQuery(myResellerQueryOptions());
}
