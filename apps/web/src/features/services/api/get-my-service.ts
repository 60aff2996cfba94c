/** GET /api/MyServices?equipment_id=eq.<id>: one service of the account, or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyService } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getMyService(id: number, signal?: AbortSignal): Promise<MyService | null> {
  const rows = await api.get<MyService[]>('MyServices', { equipment_id: `eq.${id}` }, { signal });
  return Array.isArray(rows) ? (rows[0] ?? null) : null;
}

export function myServiceQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.services.one(id), queryFn: ({ signal }) => getMyService(id, signal) });
}

export function useMyService(id: number, enabled = true) {
  return useQuery({ ...myServiceQueryOptions(id), enabled });
}
