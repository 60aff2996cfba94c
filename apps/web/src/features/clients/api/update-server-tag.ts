/** POST /api/rpc/ServerUpdateTag (staff): sets or clears a dedicated server's tag. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerUpdateTagBody } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useServerUpdateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'ServerUpdateTag'],
    mutationFn: (body: ServerUpdateTagBody) => api.rpc<{ success: true; tag: string | null }>('ServerUpdateTag', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
