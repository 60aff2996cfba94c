/**
 * A visitor's ticket (not logged in): GuestCreateTicket opens one and mails the confirmation link
 * `/tickets?ticket={id}&key={key}`; GuestTicket reads it with its conversation through that link
 * (its first call confirms the ticket into the staff queue); GuestRespondToTicket answers in it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GuestCreateTicketBody, TicketCommentRow, TicketRow, guestRespondSchema } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface GuestTicketAnswer {
  ticket: TicketRow;
  comments: TicketCommentRow[];
}

export function guestCreateTicket(body: GuestCreateTicketBody): Promise<{ success: true }> {
  return api.rpc('GuestCreateTicket', body);
}

export function useGuestCreateTicket() {
  return useMutation({ mutationFn: guestCreateTicket });
}

export function getGuestTicket(ticket: number, key: string): Promise<GuestTicketAnswer> {
  return api.rpc('GuestTicket', { p_ticket: ticket, p_key: key });
}

export function guestTicketQueryOptions(ticket: number, key: string) {
  return queryOptions({
    queryKey: queryKeys.tickets.guest(ticket, key),
    queryFn: () => getGuestTicket(ticket, key),
    // A visitor has no live connection: the conversation is read again now and then.
    refetchInterval: 30_000,
    retry: false,
  });
}

export function useGuestTicket(ticket: number, key: string) {
  return useQuery(guestTicketQueryOptions(ticket, key));
}

export type GuestRespondInput = z.output<typeof guestRespondSchema>;

export function guestRespond(body: GuestRespondInput): Promise<{ comment: number }> {
  return api.rpc('GuestRespondToTicket', body);
}

export function useGuestRespond() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: guestRespond,
    onSettled: (_d, _e, body) => client.invalidateQueries({ queryKey: queryKeys.tickets.guest(body.p_ticket, body.p_key) }),
  });
}
