/** GET /api/MyResellerContracts: the reseller's clients under contract, newest first, with what each has earned. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResellerContract } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getResellerContracts(signal?: AbortSignal): Promise<ResellerContract[]> {
  return api.get<ResellerContract[]>('MyResellerContracts', { order: 'created.desc,contract.desc' }, { signal });
}

export function resellerContractsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.reseller.contracts(), queryFn: ({ signal }) => getResellerContracts(signal) });
}

export function useResellerContracts(enabled = true) {
  return useQuery({ ...resellerContractsQueryOptions(), enabled });
}
