/** POST /api/rpc/DelPortForwarding {p_id}: ends one port forward of a server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deletePortForward(body: { p_id: number }): Promise<{ id: number }> {
  return api.rpc<{ id: number }>('DelPortForwarding', body);
}

/** Deletes a forward of server `provisionedId` and reads its list again. */
export function useDeletePortForward(provisionedId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePortForward,
    // The server's list and IP management's list of every forward.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.vms.portForwards(provisionedId) }),
        client.invalidateQueries({ queryKey: queryKeys.myIps.portForwards() }),
      ]),
  });
}
