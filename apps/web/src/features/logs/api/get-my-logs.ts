/** GET /api/MyLogs (logs-see): a page of the account's log with an exact count (Prefer: count=exact). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyLog } from '@portside/contract/schemas/logs';
import { api, type Counted } from '../../../shared/api/client';
import { logsQuery, type LogFilters } from '../lib/logs-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMyLogs(
  filters: LogFilters,
  page: number,
  timeZone: string | undefined,
  signal?: AbortSignal,
): Promise<Counted<MyLog>> {
  return api.get<Counted<MyLog>>('MyLogs', logsQuery(filters, page, timeZone), { signal, count: true });
}

export function myLogsQueryOptions(filters: LogFilters, page: number, timeZone: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.logs.page(filters, page, timeZone),
    queryFn: ({ signal }) => getMyLogs(filters, page, timeZone, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyLogs(filters: LogFilters, page: number, timeZone: string | undefined, enabled = true) {
  return useQuery({ ...myLogsQueryOptions(filters, page, timeZone), enabled });
}
