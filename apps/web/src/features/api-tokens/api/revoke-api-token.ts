/**
 * POST /api/rpc/ApiTokenRevoke {p_id} → {success, name}: the token is refused from the next
 * request on. 404 when it was revoked meanwhile. The list is read again either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenRevokeInput } from '@portside/contract/schemas/api-tokens';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Revokes one token (the user's own, or for the owner any of the account's). */
export function revokeApiToken(body: ApiTokenRevokeInput): Promise<{ success: boolean; name: string }> {
  return api.rpc<{ success: boolean; name: string }>('ApiTokenRevoke', body);
}

/** The revoke mutation; the list is refreshed when it settles. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-tokens', 'ApiTokenRevoke'],
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens() }),
  });
}
