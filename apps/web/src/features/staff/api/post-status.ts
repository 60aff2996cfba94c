/**
 * POST /api/rpc/PostInternalStatus {p_message, p_level} (staff) → {id} of the new status, which every page
 * shows as a banner from its next read of InternalStatus (refreshed here at once).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { postInternalStatusSchema } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type PostStatusBody = z.input<typeof postInternalStatusSchema>;

export function postStatus(body: PostStatusBody): Promise<{ id: number }> {
  return api.rpc<{ id: number }>('PostInternalStatus', body);
}

export function usePostStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'post-status'],
    mutationFn: postStatus,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.staff.all }),
        client.invalidateQueries({ queryKey: queryKeys.support.all }),
      ]),
  });
}
