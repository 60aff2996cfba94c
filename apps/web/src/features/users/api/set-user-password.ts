/** POST /api/rpc/ProfilesSetPassword. The owner sets a sub-user's password; the sub-user's sessions end. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilesSetPasswordBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function setUserPassword(body: ProfilesSetPasswordBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('ProfilesSetPassword', body);
}

export function useSetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'ProfilesSetPassword'],
    mutationFn: setUserPassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
