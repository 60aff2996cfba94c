/**
 * POST /api/rpc/GetIPsFromIpset {p_ipset} → [{ip, created_at}] sorted by address (at most 1000):
 * a read made through a call, kept as a query so that adding and removing IPs refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpsetEntry } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getIpsetIps(ipset: number): Promise<IpsetEntry[]> {
  return api.rpc<IpsetEntry[]>('GetIPsFromIpset', { p_ipset: ipset });
}

export function ipsetIpsQueryOptions(ipset: number) {
  return queryOptions({ queryKey: queryKeys.ipsets.ips(ipset), queryFn: () => getIpsetIps(ipset) });
}

export function useIpsetIps(ipset: number, enabled = true) {
  return useQuery({ ...ipsetIpsQueryOptions(ipset), enabled });
}
