/** GET /api/MyContractRequests: the reseller's requests for contracts with existing customers, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRequest } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getContractRequests(signal?: AbortSignal): Promise<ContractRequest[]> {
  return api.get<ContractRequest[]>('MyContractRequests', { order: 'created_at.desc,request.desc' }, { signal });
}

export function contractRequestsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.reseller.requests(), queryFn: ({ signal }) => getContractRequests(signal) });
}

export function useContractRequests() {
  return useQuery(contractRequestsQueryOptions());
}
