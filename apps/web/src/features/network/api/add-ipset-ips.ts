/** POST /api/rpc/AddIPsToIpsets {p_ipset, p_ips: comma separated} → {added, duplicates, count}; IPSET_FULL beyond 1000. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddIpsAnswer } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function addIpsetIps(ipset: number, ips: string): Promise<AddIpsAnswer> {
  return api.rpc('AddIPsToIpsets', { p_ipset: ipset, p_ips: ips });
}

export function useAddIpsetIps(ipset: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ips: string) => addIpsetIps(ipset, ips),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ipsets.all }),
  });
}
