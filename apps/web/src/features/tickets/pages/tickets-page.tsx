/**
 * /tickets (spec 1 §2; always allowed by the guard). The address carries the state, so links in
 * e-mails and the back button work: `?ticket={id}` opens a ticket, `&key={key}` a visitor's ticket
 * from the mailed link, `?new=1` the 'New ticket' dialog (the dashboard's button), and `mine`,
 * `closed` and `page` the list's filters. A visitor who is not logged in gets the short form for a
 * ticket confirmed by e-mail (in a frame of its own, as the shell is not shown); staff get the
 * queue of every account.
 */
import { lazy, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { hasToken } from '../../../shared/session/auth';
import { useSession } from '../../../shared/session/store';
import { LazyDialog } from '../../../shared/ui/lazy-dialog';
import type { TicketFilters } from '../api/get-tickets';
import { GuestTicketForm } from '../components/guest-ticket-form';
import { GuestTicketView } from '../components/guest-ticket-view';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { TicketView } from '../components/ticket-view';
import { TicketsListView } from '../components/tickets-list-view';
import { scopeOf } from '../lib/ticket-scope';
import { useTicketsLive } from '../lib/use-tickets-live';

const NewTicketDialog = lazy(() => import('../components/new-ticket-dialog'));

/** A positive whole number from the address, or null. */
function idParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export default function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const profile = useSession('customerDetails');
  const loggedIn = hasToken() && profile !== null;
  useTicketsLive(loggedIn);

  const ticket = idParam(params.get('ticket'));
  const key = params.get('key');
  const filters: TicketFilters = { mine: params.get('mine') === '1', showClosed: params.get('closed') === '1' };
  const page = idParam(params.get('page')) ?? 1;
  const newOpen = params.get('new') === '1';

  const setParam = useCallback(
    (change: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onFilters = useCallback(
    (f: TicketFilters) => setParam({ mine: f.mine ? '1' : null, closed: f.showClosed ? '1' : null, page: null }),
    [setParam],
  );
  const onPage = useCallback((p: number) => setParam({ page: p > 1 ? String(p) : null }), [setParam]);

  // The mailed link works whether or not the reader is logged in: it names a visitor's ticket.
  const guest = ticket !== null && key ? <GuestTicketView ticket={ticket} ticketKey={key} /> : null;
  if (!loggedIn || !profile) return <PublicFrame>{guest ?? <GuestTicketForm />}</PublicFrame>;
  if (guest) return guest;

  const scope = scopeOf(profile);
  if (ticket !== null) return <TicketView scope={scope} ticketId={ticket} userId={profile.id} />;
  return (
    <>
      <TicketsListView
        scope={scope}
        userId={profile.id}
        filters={filters}
        page={page}
        onFilters={onFilters}
        onPage={onPage}
        onNewTicket={scope === 'mine' ? () => setParam({ new: '1' }) : undefined}
      />
      <LazyDialog opened={newOpen}>
        <NewTicketDialog opened={newOpen} onClose={() => setParam({ new: null })} />
      </LazyDialog>
    </>
  );
}
