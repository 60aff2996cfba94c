/** POST /api/rpc/ServerUpdateClient (staff): moves a dedicated server and its services to another account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerUpdateClientBody } from '@portside/contract/schemas/clients';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useServerUpdateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'ServerUpdateClient'],
    mutationFn: (body: ServerUpdateClientBody) => api.rpc<{ success: true; serial: string }>('ServerUpdateClient', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
