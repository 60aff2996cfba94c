/** GET /api/MyBalance: the account's credit balance in cents (deposits less payments from it). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBalance } from '@portside/contract/schemas/billing';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getMyBalance(signal?: AbortSignal): Promise<number> {
  const rows = await api.get<MyBalance[]>('MyBalance', undefined, { signal });
  return rows[0]?.balance_cents ?? 0;
}

export function myBalanceQueryOptions() {
  return queryOptions({ queryKey: queryKeys.billing.balance(), queryFn: ({ signal }) => getMyBalance(signal) });
}

export function useMyBalance() {
  return useQuery(myBalanceQueryOptions());
}
