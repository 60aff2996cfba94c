/** POST /api/rpc/ClientDelete (staff): deletes an account as its owner would (billing data kept when invoiced). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDeleteBody } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useClientDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'ClientDelete'],
    mutationFn: (body: ClientDeleteBody) => api.rpc<{ success: true; billing_kept: boolean }>('ClientDelete', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
