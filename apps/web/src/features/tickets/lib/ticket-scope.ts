/**
 * Whose tickets a screen reads: a customer's own account ('mine': MyTickets, MyTicketComments) or,
 * for staff, every account's queue ('staff': AllTickets, AllTicketComments). The rows are the same.
 */
import type { Profile } from '@portside/contract/schemas/profile';

export type TicketScope = 'mine' | 'staff';

/** The views each scope reads. */
export const TICKET_VIEWS: Record<TicketScope, { list: string; comments: string }> = {
  mine: { list: 'MyTickets', comments: 'MyTicketComments' },
  staff: { list: 'AllTickets', comments: 'AllTicketComments' },
};

/** Staff (pg_roles 'staff') work the queue of every account; everyone else sees their account's. */
export function scopeOf(profile: Pick<Profile, 'pg_roles'> | null): TicketScope {
  return profile?.pg_roles.includes('staff') ? 'staff' : 'mine';
}
