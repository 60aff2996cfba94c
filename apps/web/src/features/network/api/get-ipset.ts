/**
 * GET /api/MyIpsets?ipset=eq.{id}: one IP set of the account, or null when the account has none of
 * this id (the page then says so instead of showing an error).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpsetRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getIpset(ipset: number, signal?: AbortSignal): Promise<IpsetRow | null> {
  const rows = await api.get<IpsetRow[]>('MyIpsets', { ipset: `eq.${ipset}` }, { signal });
  return rows[0] ?? null;
}

export function ipsetQueryOptions(ipset: number) {
  return queryOptions({ queryKey: queryKeys.ipsets.one(ipset), queryFn: ({ signal }) => getIpset(ipset, signal) });
}

/** Not asked for an id that cannot exist (`ipset` null). */
export function useIpset(ipset: number | null) {
  return useQuery({ ...ipsetQueryOptions(ipset ?? 0), enabled: ipset !== null });
}
