/**
 * GET /api/MyIpsets: every IP set of the account, by name. The list arrives whole (sets are few;
 * the page filters and pages it on the spot) and serves the IP set page's heading too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpsetRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getIpsets(signal?: AbortSignal): Promise<IpsetRow[]> {
  return api.get<IpsetRow[]>('MyIpsets', { order: 'name.asc' }, { signal });
}

export function ipsetsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.ipsets.list(), queryFn: ({ signal }) => getIpsets(signal) });
}

export function useIpsets() {
  return useQuery(ipsetsQueryOptions());
}
