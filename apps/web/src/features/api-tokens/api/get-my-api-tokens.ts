/**
 * GET /api/MyApiTokens → the personal API tokens the user may see (the owner every user's of the
 * account, a sub-user only their own), the newest first. Never the secret.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyApiToken } from '@portside/contract/schemas/api-tokens';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Fetches the user's visible tokens. */
export function getMyApiTokens(signal?: AbortSignal): Promise<MyApiToken[]> {
  return api.get<MyApiToken[]>('MyApiTokens', undefined, { signal });
}

/** The query of the token list. */
export function myApiTokensQueryOptions() {
  return queryOptions({ queryKey: queryKeys.apiTokens(), queryFn: ({ signal }) => getMyApiTokens(signal) });
}

/** The token list for the settings section. */
export function useMyApiTokens() {
  return useQuery(myApiTokensQueryOptions());
}
