/**
 * A call of the infrastructure page (POST /api/rpc/<name>) as a mutation. A registration asks
 * every list again (keys under ['infra']); a connection test changes nothing, so it refreshes nothing.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { infraKeys } from './infra-keys';

export function useInfraCall<B, R>(name: string, refresh: boolean) {
  return useMutation({
    mutationKey: ['infra', name],
    mutationFn: (body: B) => api.rpc<R>(name, body),
    onSuccess: () => (refresh ? queryClient.invalidateQueries({ queryKey: infraKeys.all }) : undefined),
  });
}
