/** POST /api/rpc/RevokeClaimsFromMyUser. Revokes claims from a sub-user; answers the claims still granted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserClaimsBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function revokeClaims(body: UserClaimsBody): Promise<{ claims: string[] }> {
  return api.rpc<{ claims: string[] }>('RevokeClaimsFromMyUser', body);
}

export function useRevokeClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'RevokeClaimsFromMyUser'],
    mutationFn: revokeClaims,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
