/** POST /api/rpc/DeleteIpFromIpset {p_ipset, p_ips: entries as GetIPsFromIpset answers them} → {removed, count}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteIpsetIps(ipset: number, ips: string[]): Promise<{ removed: number; count: number }> {
  return api.rpc('DeleteIpFromIpset', { p_ipset: ipset, p_ips: ips });
}

export function useDeleteIpsetIps(ipset: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ips: string[]) => deleteIpsetIps(ipset, ips),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ipsets.all }),
  });
}
