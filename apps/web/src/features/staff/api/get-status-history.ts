/**
 * GET /api/InternalStatusHistory (staff): one page of the status messages, the current ones (which
 * every page shows as a banner), the ended ones, or all, newest first, with how many there are.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusHistoryRow } from '@portside/contract/schemas/staff';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { statusesQuery, type StatusFilter } from '../lib/staff-queries';

export function getStatusHistory(filter: StatusFilter, page: number, signal?: AbortSignal): Promise<Counted<StatusHistoryRow>> {
  return api.get<Counted<StatusHistoryRow>>('InternalStatusHistory', statusesQuery(filter, page), { signal, count: true });
}

export function statusHistoryQueryOptions(filter: StatusFilter, page: number, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.staff.statuses(filter, page),
    queryFn: ({ signal }) => getStatusHistory(filter, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `enabled` false for non-staff, whom the call would log out. */
export function useStatusHistory(filter: StatusFilter, page: number, enabled = true) {
  return useQuery(statusHistoryQueryOptions(filter, page, enabled));
}
