/**
 * GET /api/MyTickets (or staff's AllTickets): one page of the list with its total, in the view's
 * own order (the newest activity first; for staff the queue order). The filters narrow it to the
 * tickets the user opened (staff: the ones assigned to them) and hide the closed ones.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketRow } from '@portside/contract/schemas/support';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { TICKET_VIEWS, type TicketScope } from '../lib/ticket-scope';

/** Tickets per page. */
export const TICKETS_PAGE_SIZE = 20;

export interface TicketFilters {
  /** Only the user's own: opened by them (customers) or assigned to them (staff). */
  mine: boolean;
  /** Closed tickets are hidden unless this is set. */
  showClosed: boolean;
}

/** The PostgREST query of a page of the list; `userId` is the caller's own id (the profile's). */
export function ticketListQuery(scope: TicketScope, filters: TicketFilters, userId: string, page: number): ViewQuery {
  const query: Record<string, string> = {
    limit: String(TICKETS_PAGE_SIZE),
    offset: String((page - 1) * TICKETS_PAGE_SIZE),
  };
  if (!filters.showClosed) query.status = 'neq.closed';
  if (filters.mine) query[scope === 'staff' ? 'agent' : 'created_by_user'] = `eq.${userId}`;
  return query;
}

export function getTickets(
  scope: TicketScope,
  filters: TicketFilters,
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Counted<TicketRow>> {
  return api.get<Counted<TicketRow>>(TICKET_VIEWS[scope].list, ticketListQuery(scope, filters, userId, page), {
    signal,
    count: true,
  });
}

export function ticketsQueryOptions(scope: TicketScope, filters: TicketFilters, userId: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.list(scope, filters, page),
    queryFn: ({ signal }) => getTickets(scope, filters, userId, page, signal),
    // A filter or page change keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTickets(scope: TicketScope, filters: TicketFilters, userId: string, page: number) {
  return useQuery(ticketsQueryOptions(scope, filters, userId, page));
}
