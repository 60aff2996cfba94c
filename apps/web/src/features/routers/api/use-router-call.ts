/**
 * A router admin call (POST /api/rpc/<name>) as a mutation: on success every read of the network
 * pages is asked again (their keys start with ['routers']), as a reservation or a rebuild changes
 * what each page shows.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { routersKeys } from './routers-keys';

export function useRouterCall<B, R>(name: string) {
  return useMutation({
    mutationKey: ['routers', name],
    mutationFn: (body: B) => api.rpc<R>(name, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routersKeys.all }),
  });
}
