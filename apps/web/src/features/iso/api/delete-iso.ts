/** POST /api/rpc/IsoDelete {p_iso} → {id}; refused (409 ISO_IN_USE) while a server has it attached. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function deleteIso(body: { p_iso: number }): Promise<{ id: number }> {
  return api.rpc<{ id: number }>('IsoDelete', body);
}

export function useDeleteIso() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteIso, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.iso.all }) });
}
