/** POST /api/rpc/MyDomainEdit {p_id, p_provisioned_id} → {id}: points the domain at another server of the account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function editDomain(id: number, provisionedId: number): Promise<{ id: number }> {
  return api.rpc('MyDomainEdit', { p_id: id, p_provisioned_id: provisionedId });
}

export function useEditDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, provisionedId }: { id: number; provisionedId: number }) => editDomain(id, provisionedId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.domains.all }),
  });
}
