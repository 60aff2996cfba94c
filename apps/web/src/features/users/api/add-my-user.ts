/** POST /api/rpc/AddMyUser. Adds a sub-user; the server mails them a confirmation code (409 EMAIL_TAKEN, 422 OWNER_REQUIRED). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMyUserBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function addMyUser(body: AddMyUserBody): Promise<{ id: string; email: string; confirmed: boolean }> {
  return api.rpc<{ id: string; email: string; confirmed: boolean }>('AddMyUser', body);
}

export function useAddMyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'AddMyUser'],
    mutationFn: addMyUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
