/**
 * POST /api/rpc/GuestCreateTicket (public) → {success: true}, whatever the address: a visitor's
 * ticket, which reaches the staff queue once the link mailed to the address is opened.
 */
import { useMutation } from '@tanstack/react-query';
import type { GuestCreateTicketBody } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';

export function guestCreateTicket(body: GuestCreateTicketBody): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('GuestCreateTicket', body);
}

export function useGuestCreateTicket() {
  return useMutation({ mutationKey: ['support', 'GuestCreateTicket'], mutationFn: guestCreateTicket });
}
