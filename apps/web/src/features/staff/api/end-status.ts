/**
 * POST /api/rpc/EndInternalStatus {p_id} (staff): the banner is no longer shown; STATUS_NOT_FOUND
 * (404) when it was ended meanwhile, so the list is read again whatever the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function endStatus(id: number): Promise<{ id: number }> {
  return api.rpc<{ id: number }>('EndInternalStatus', { p_id: id });
}

export function useEndStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'end-status'],
    mutationFn: endStatus,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.staff.all }),
        client.invalidateQueries({ queryKey: queryKeys.support.all }),
      ]),
  });
}
