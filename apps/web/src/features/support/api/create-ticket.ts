/**
 * POST /api/rpc/CreateTicket (logged in) → {ticket}: the contact form's ticket. The tickets area's
 * reads (the list, the dashboard card) are refreshed so they show it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function createTicket(body: CreateTicketBody): Promise<{ ticket: number }> {
  return api.rpc<{ ticket: number }>('CreateTicket', body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['support', 'CreateTicket'],
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}
