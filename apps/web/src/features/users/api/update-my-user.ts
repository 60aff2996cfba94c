/** POST /api/rpc/UpdateMyUser. Changes a user's first and last name. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMyUserBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function updateMyUser(body: UpdateMyUserBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('UpdateMyUser', body);
}

export function useUpdateMyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'UpdateMyUser'],
    mutationFn: updateMyUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
