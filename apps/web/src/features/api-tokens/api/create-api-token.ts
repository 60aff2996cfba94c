/**
 * POST /api/rpc/ApiTokenCreate {p_name, p_scopes, p_expires_days} → {id, token}: the only answer
 * that ever holds the token's secret. The list is read again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreateAnswer, ApiTokenCreateInput } from '@portside/contract/schemas/api-tokens';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Creates a token of the user. */
export function createApiToken(body: ApiTokenCreateInput): Promise<ApiTokenCreateAnswer> {
  return api.rpc<ApiTokenCreateAnswer>('ApiTokenCreate', body);
}

/** The create mutation; the list is refreshed when it settles. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-tokens', 'ApiTokenCreate'],
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens() }),
  });
}
