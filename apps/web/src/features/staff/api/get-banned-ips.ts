/**
 * GET /api/BannedIPs (staff): one page of the addresses the portal's rate limiter refuses now,
 * per kind of attempt, with the failures, the limit and until when; searchable by address.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BannedAddressRow } from '@portside/contract/schemas/staff';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { bannedQuery } from '../lib/staff-queries';

export function getBannedIps(search: string, page: number, signal?: AbortSignal): Promise<Counted<BannedAddressRow>> {
  return api.get<Counted<BannedAddressRow>>('BannedIPs', bannedQuery(search, page), { signal, count: true });
}

export function bannedIpsQueryOptions(search: string, page: number, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.staff.banned(search, page),
    queryFn: ({ signal }) => getBannedIps(search, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `enabled` false for non-staff, whom the call would log out. */
export function useBannedIps(search: string, page: number, enabled = true) {
  return useQuery(bannedIpsQueryOptions(search, page, enabled));
}
