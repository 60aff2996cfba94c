/** POST /api/rpc/RespondToTicket {p_ticket, p_comment, p_files?} → {comment}; staff may answer any ticket. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { respondToTicketSchema } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type RespondToTicketInput = z.output<typeof respondToTicketSchema>;

export function respondToTicket(body: RespondToTicketInput): Promise<{ comment: number }> {
  return api.rpc('RespondToTicket', body);
}

export function useRespondToTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: respondToTicket,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}
