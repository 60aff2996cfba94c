/** POST /api/rpc/GrantClaimsToMyUser. Grants customer claims to a sub-user; answers the claims now granted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserClaimsBody } from '@portside/contract/schemas/users';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function grantClaims(body: UserClaimsBody): Promise<{ claims: string[] }> {
  return api.rpc<{ claims: string[] }>('GrantClaimsToMyUser', body);
}

export function useGrantClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'GrantClaimsToMyUser'],
    mutationFn: grantClaims,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
