/** POST /api/rpc/DeleteIpset {p_ipset} → {ipset}; IPSET_IN_USE while a firewall rule names the set. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteIpset(ipset: number): Promise<{ ipset: number }> {
  return api.rpc('DeleteIpset', { p_ipset: ipset });
}

export function useDeleteIpset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIpset,
    onSuccess: (_r, ipset) => {
      client.removeQueries({ queryKey: queryKeys.ipsets.one(ipset) });
      return client.invalidateQueries({ queryKey: queryKeys.ipsets.all });
    },
  });
}
