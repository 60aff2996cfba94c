/** POST /api/rpc/DedicatedServerCreate (staff): hands an install's machine over to its customer (p_install). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DedicatedServerCreateBody } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { STAFF_KEY } from './staff-list';

export function useDedicatedServerCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, 'DedicatedServerCreate'],
    mutationFn: (body: DedicatedServerCreateBody) => api.rpc<{ success: true; serial: string }>('DedicatedServerCreate', body),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
