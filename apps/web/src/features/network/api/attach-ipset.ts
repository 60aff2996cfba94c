/** POST /api/rpc/AddIpsetToVMs {p_ipset, p_provisioned_ids} → {attached}; IPSET_SERVER_LIMIT beyond 50 sets on a server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function attachIpset(ipset: number, ids: number[]): Promise<{ attached: number }> {
  return api.rpc('AddIpsetToVMs', { p_ipset: ipset, p_provisioned_ids: ids });
}

export function useAttachIpset(ipset: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => attachIpset(ipset, ids),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ipsets.all }),
  });
}
