/**
 * GET /api/MySessions → [{id, created_at, last_seen_at, ip, device, current}]: the caller's own
 * open sessions, the most recently active first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySession } from '@portside/contract/schemas/sessions';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMySessions(signal?: AbortSignal): Promise<MySession[]> {
  return api.get<MySession[]>('MySessions', undefined, { signal });
}

export function mySessionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings.sessions(), queryFn: ({ signal }) => getMySessions(signal) });
}

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
