/** GET /api/MyPasskeys → [{id, name, created_at, last_used_at}]: the caller's passkeys, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPasskey } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** The query key every passkey change invalidates. */
export const passkeysKey = ['two-factor', 'passkeys'] as const;

/** Reads the caller's passkeys. */
export function getMyPasskeys(signal?: AbortSignal): Promise<MyPasskey[]> {
  return api.get<MyPasskey[]>('MyPasskeys', undefined, { signal });
}

/** Query options of {@link getMyPasskeys}. */
export function myPasskeysQueryOptions() {
  return queryOptions({ queryKey: passkeysKey, queryFn: ({ signal }) => getMyPasskeys(signal) });
}

/** Hook of {@link getMyPasskeys}. */
export function useMyPasskeys() {
  return useQuery(myPasskeysQueryOptions());
}
