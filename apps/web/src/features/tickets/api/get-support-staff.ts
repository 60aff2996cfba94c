/** GET /api/GetSupportStaff: the agents a ticket can be assigned to (staff assign them in the queue). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportStaffRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getSupportStaff(signal?: AbortSignal): Promise<SupportStaffRow[]> {
  return api.get<SupportStaffRow[]>('GetSupportStaff', undefined, { signal });
}

export function supportStaffQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tickets.staff(),
    queryFn: ({ signal }) => getSupportStaff(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSupportStaff(enabled: boolean) {
  return useQuery({ ...supportStaffQueryOptions(), enabled });
}
