/** POST /api/rpc/CreateTicket {p_title, p_description, p_priority, p_files?} → {ticket}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTicketSchema } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type CreateTicketInput = z.output<typeof createTicketSchema>;

export function createTicket(body: CreateTicketInput): Promise<{ ticket: number }> {
  return api.rpc('CreateTicket', body);
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}
