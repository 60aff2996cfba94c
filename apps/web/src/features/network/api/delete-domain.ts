/** POST /api/rpc/MyDomainDelete {p_id} → {id}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteDomain(id: number): Promise<{ id: number }> {
  return api.rpc('MyDomainDelete', { p_id: id });
}

export function useDeleteDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.domains.all }),
  });
}
