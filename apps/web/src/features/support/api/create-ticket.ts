/**
 * POST /api/rpc/CreateTicket (logged in) → {ticket}: the contact form's ticket. The tickets list
 * (queryKeys 'tickets', the tickets feature) reads it again when the user gets there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';

export function createTicket(body: CreateTicketBody): Promise<{ ticket: number }> {
  return api.rpc<{ ticket: number }>('CreateTicket', body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['support', 'CreateTicket'],
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
