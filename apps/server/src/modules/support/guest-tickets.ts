/**
 * Visitors' tickets (the /tickets route is open to everyone, spec 1 §3): a visitor who is not
 * logged in opens a ticket with their e-mail address. A link with a random key is mailed there;
 * opening it confirms the address and the ticket enters the staff queue, and the same link shows
 * the ticket and takes the visitor's replies. Only the key's SHA-256 is stored. Rate-limited per
 * address and per e-mail, and the answer is the same whatever the e-mail is.
 */
import { normalizeLocale } from '@portside/contract/rules/locale';
import { GUEST_TICKET_LINK_DAYS } from '@portside/contract/schemas/support';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { Ctx } from '../../routes/handler-context.js';
import * as repo from './tickets.repository.js';
import { guestKeyHash, newGuestKey } from './guest-keys.js';
import { guestConfirmMail } from './support.mails.js';
import { mailComment, mailNewTicket, publishTicket, ticketLink } from './ticket-notify.js';

/** Visitors' tickets per hour from one address, and to one e-mail address. */
export const GUEST_TICKETS_PER_IP = 5;
export const GUEST_TICKETS_PER_EMAIL = 3;
const HOUR = 3600;

export async function guestCreateTicket(
  ctx: Ctx,
  b: { p_email: string; p_name: string; p_title: string; p_description: string; p_language?: string | undefined },
) {
  const { key, hash } = newGuestKey();
  const language = normalizeLocale(b.p_language);
  const id = await ctx.db.system(async (tx) => {
    await checkRate(tx, `guest-ticket:ip:${ctx.ip}`, GUEST_TICKETS_PER_IP, HOUR);
    await checkRate(tx, `guest-ticket:email:${b.p_email}`, GUEST_TICKETS_PER_EMAIL, HOUR);
    await recordRate(tx, `guest-ticket:ip:${ctx.ip}`);
    await recordRate(tx, `guest-ticket:email:${b.p_email}`);
    return repo.insertGuestTicket(tx, {
      email: b.p_email,
      name: b.p_name,
      language,
      keyHash: hash,
      title: b.p_title,
      description: b.p_description,
    });
  });
  const link = ticketLink(ctx, id, key);
  await ctx.mailer.send(
    guestConfirmMail(b.p_email, language, { name: b.p_name, id, title: b.p_title, link, days: GUEST_TICKET_LINK_DAYS }),
  );
  return { success: true };
}

/** Runs `fn` on the visitor's ticket of the link, locked, or refuses the link. */
async function withGuestTicket<T>(ctx: Ctx, id: number, key: string, fn: (tx: Tx, t: repo.LockedTicket) => Promise<T>) {
  return ctx.db.system(async (tx) => {
    const ticket = await repo.lockGuestTicket(tx, id, guestKeyHash(key), GUEST_TICKET_LINK_DAYS);
    if (!ticket) throw new AppError('GUEST_TICKET_LINK');
    return fn(tx, ticket);
  });
}

/** The visitor's ticket and its conversation; the first visit confirms it (it enters the queue). */
export async function guestTicket(ctx: Ctx, b: { p_ticket: number; p_key: string }) {
  const out = await withGuestTicket(ctx, b.p_ticket, b.p_key, async (tx, ticket) => {
    const confirming = ticket.status === 'unconfirmed';
    if (confirming) await repo.confirmGuestTicket(tx, ticket.id);
    const row = await repo.ticketRow(tx, ticket.id);
    const comments = await repo.ticketComments(tx, ticket.id);
    return { confirming, row: row!, comments };
  });
  if (out.confirming) {
    await publishTicket(ctx, b.p_ticket, null, 'created');
    await mailNewTicket(ctx, {
      id: b.p_ticket,
      title: out.row.title,
      author: out.row.created_by_name,
      text: out.row.description,
    });
  }
  return { ticket: out.row, comments: out.comments };
}

export async function guestRespond(ctx: Ctx, b: { p_ticket: number; p_key: string; p_comment: string }) {
  const done = await withGuestTicket(ctx, b.p_ticket, b.p_key, async (tx, ticket) => {
    if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED', { details: `ticket ${ticket.id}` });
    if (ticket.status === 'unconfirmed') await repo.confirmGuestTicket(tx, ticket.id);
    const row = await repo.ticketRow(tx, ticket.id);
    const author = row?.created_by_name ?? '';
    const comment = await repo.insertComment(tx, {
      ticketId: ticket.id,
      clientId: null,
      authorId: null,
      authorName: author,
      side: 'customer',
      body: b.p_comment,
    });
    return { ticket, comment, author };
  });
  await publishTicket(ctx, b.p_ticket, null, 'comment');
  await mailComment(ctx, { ticket: done.ticket, side: 'customer', author: done.author, comment: b.p_comment });
  return { comment: done.comment };
}
