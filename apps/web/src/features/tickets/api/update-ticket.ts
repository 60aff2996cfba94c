/**
 * POST /api/rpc/UpdateTicket {p_ticket, p_priority?, p_status?, p_agent?} → the ticket's row:
 * close or reopen, change the priority, and (staff) assign an agent or unassign (null).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketRow, UpdateTicketBody } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function updateTicket(body: UpdateTicketBody): Promise<TicketRow> {
  return api.rpc('UpdateTicket', body);
}

export function useUpdateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}
