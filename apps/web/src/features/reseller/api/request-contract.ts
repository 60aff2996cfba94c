/**
 * POST /api/rpc/RequestContract {p_email} → {request, status}: asks staff to put an existing
 * customer under contract; refused for the own account, and alike for an unknown address and a
 * customer who has a reseller (CONTRACT_REQUEST_REFUSED).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestContractAnswer, RequestContractBody } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function requestContract(body: RequestContractBody): Promise<RequestContractAnswer> {
  return api.rpc<RequestContractAnswer>('RequestContract', body);
}

export function useRequestContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestContract,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reseller.requests() }),
  });
}
