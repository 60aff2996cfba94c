/** POST /api/rpc/DeleteIpsetFromVMs {p_ipset, p_provisioned_ids} → {detached}; IPSET_IN_USE while a rule of the server names it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function detachIpset(ipset: number, ids: number[]): Promise<{ detached: number }> {
  return api.rpc('DeleteIpsetFromVMs', { p_ipset: ipset, p_provisioned_ids: ids });
}

export function useDetachIpset(ipset: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => detachIpset(ipset, ids),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ipsets.all }),
  });
}
