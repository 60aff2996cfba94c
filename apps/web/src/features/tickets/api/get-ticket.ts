/**
 * One ticket and its conversation: GET /api/MyTickets?ticket=eq.{id} and
 * /api/MyTicketComments?ticket=eq.{id} (staff: AllTickets, AllTicketComments). The first comment
 * (comment 0) is the ticket's description with the files attached when it was opened.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketCommentRow, TicketRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { TICKET_VIEWS, type TicketScope } from '../lib/ticket-scope';

/** The ticket, or null when the view has no such ticket (another account's, or a wrong id). */
export async function getTicket(scope: TicketScope, ticket: number, signal?: AbortSignal): Promise<TicketRow | null> {
  const rows = await api.get<TicketRow[]>(TICKET_VIEWS[scope].list, { ticket: `eq.${ticket}` }, { signal });
  return rows[0] ?? null;
}

export function getTicketComments(scope: TicketScope, ticket: number, signal?: AbortSignal): Promise<TicketCommentRow[]> {
  return api.get<TicketCommentRow[]>(TICKET_VIEWS[scope].comments, { ticket: `eq.${ticket}`, order: 'comment.asc' }, { signal });
}

export function ticketQueryOptions(scope: TicketScope, ticket: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.one(scope, ticket),
    queryFn: ({ signal }) => getTicket(scope, ticket, signal),
  });
}

export function ticketCommentsQueryOptions(scope: TicketScope, ticket: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.comments(scope, ticket),
    queryFn: ({ signal }) => getTicketComments(scope, ticket, signal),
  });
}

export function useTicket(scope: TicketScope, ticket: number) {
  return useQuery(ticketQueryOptions(scope, ticket));
}

export function useTicketComments(scope: TicketScope, ticket: number) {
  return useQuery(ticketCommentsQueryOptions(scope, ticket));
}
