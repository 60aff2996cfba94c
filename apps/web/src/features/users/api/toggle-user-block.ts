/** POST /api/rpc/UserBlockToggle. Blocks or unblocks a sub-user; blocking ends their sessions at once (422 OWNER_PROTECTED for the owner). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRefBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function toggleUserBlock(body: UserRefBody): Promise<{ blocked: boolean }> {
  return api.rpc<{ blocked: boolean }>('UserBlockToggle', body);
}

export function useToggleUserBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'UserBlockToggle'],
    mutationFn: toggleUserBlock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
