/**
 * GET /api/MyTickets for the dashboard's 'My tickets' card: the latest few open tickets (the view's
 * order: newest activity first) and how many are open in all. Keyed under 'tickets', so a reply,
 * a change or a live message on the tickets page refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketRow } from '@portside/contract/schemas/support';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** How many tickets the card lists. */
export const DASHBOARD_TICKETS = 5;

/** A ticket as the card lists it. */
export type DashboardTicket = Pick<TicketRow, 'ticket' | 'title' | 'priority' | 'answered' | 'last_activity_at'>;

export function getDashboardTickets(signal?: AbortSignal): Promise<Counted<DashboardTicket>> {
  return api.get<Counted<DashboardTicket>>(
    'MyTickets',
    { select: 'ticket,title,priority,answered,last_activity_at', status: 'neq.closed', limit: String(DASHBOARD_TICKETS) },
    { signal, count: true },
  );
}

export function dashboardTicketsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tickets.dashboard(), queryFn: ({ signal }) => getDashboardTickets(signal) });
}

export function useDashboardTickets() {
  return useQuery(dashboardTicketsQueryOptions());
}
