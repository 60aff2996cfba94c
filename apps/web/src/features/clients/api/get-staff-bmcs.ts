/** GET /api/StaffBmcs (staff): the registered BMCs to pick from at a hand-over (never their address or password). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBmc } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function staffBmcsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: [...STAFF_KEY, 'StaffBmcs'] as const,
    queryFn: ({ signal }) => api.get<StaffBmc[]>('StaffBmcs', { order: 'name.asc', limit: '500' }, { signal }),
    enabled,
  });
}

export function useStaffBmcs(enabled = true) {
  return useQuery(staffBmcsQueryOptions(enabled));
}
