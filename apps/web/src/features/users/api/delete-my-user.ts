/** POST /api/rpc/MyUserDelete. Deletes a sub-user and ends their sessions; their log entries stay. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRefBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteMyUser(body: UserRefBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('MyUserDelete', body);
}

export function useDeleteMyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'MyUserDelete'],
    mutationFn: deleteMyUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
