/** POST /api/rpc/IPDelete {p_id} → {id}: removes an address of the account's own list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteMyIp(id: number): Promise<{ id: number }> {
  return api.rpc('IPDelete', { p_id: id });
}

export function useDeleteMyIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMyIp,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myIps.mine() }),
  });
}
