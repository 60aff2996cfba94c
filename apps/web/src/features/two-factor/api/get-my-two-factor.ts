/**
 * GET /api/MyTwoFactor → [{totp_enabled, totp_confirmed_at, recovery_codes_left, required_by_account,
 * is_owner}]: the caller's second factors and the account's rule (one row).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTwoFactor } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** The query key every two-factor change invalidates. */
export const twoFactorKey = ['two-factor', 'me'] as const;

/** Reads the caller's two-factor state. */
export async function getMyTwoFactor(signal?: AbortSignal): Promise<MyTwoFactor | null> {
  const rows = await api.get<MyTwoFactor[]>('MyTwoFactor', undefined, { signal });
  return rows[0] ?? null;
}

/** Query options of {@link getMyTwoFactor}. */
export function myTwoFactorQueryOptions() {
  return queryOptions({ queryKey: twoFactorKey, queryFn: ({ signal }) => getMyTwoFactor(signal) });
}

/** Hook of {@link getMyTwoFactor}. */
export function useMyTwoFactor() {
  return useQuery(myTwoFactorQueryOptions());
}
