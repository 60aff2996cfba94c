/**
 * What follows a change of a ticket, after its transaction committed: the live message on hub kind
 * 'tickets' to the ticket's account and to the staff's accounts, and the e-mail to the other side.
 * Failures are logged, never thrown: the ticket is saved, and the mail is kept in the outbox.
 */
import type { Ctx } from '../../routes/handler-context.js';
import { publishHubMessage } from '../../hubs/publish.js';
import type { Mail } from '../../drivers/mail/mailer.js';
import { errorField } from '../../logger.js';
import * as repo from './tickets.repository.js';
import { newGuestKey } from './guest-keys.js';
import { newTicketMail, replyMail } from './support.mails.js';

type Event = 'created' | 'comment' | 'update';

/** The base address of the portal's links in mails. */
export function portalUrl(ctx: Pick<Ctx, 'config'>): string {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/$/, '');
}

export function ticketLink(ctx: Pick<Ctx, 'config'>, id: number, key?: string): string {
  return `${portalUrl(ctx)}/tickets?ticket=${id}${key ? `&key=${key}` : ''}`;
}

/** Publishes `{ticket, event}` to the ticket's account and to every staff account. */
export async function publishTicket(ctx: Ctx, ticket: number, clientId: string | null, event: Event): Promise<void> {
  try {
    await ctx.db.system(async (tx) => {
      const accounts = new Set(await repo.staffAccounts(tx));
      if (clientId) accounts.add(clientId);
      for (const account of accounts) {
        await publishHubMessage(tx, { clientId: account, kind: 'tickets', payload: { ticket, event } });
      }
    });
  } catch (err) {
    logWarn(ctx, err, 'ticket live update not published');
  }
}

async function sendAll(ctx: Ctx, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      logWarn(ctx, err, 'ticket mail not sent');
    }
  }
}

function logWarn(ctx: Ctx, err: unknown, msg: string): void {
  ctx.log.warn({ err: errorField(err) }, msg);
}

/**
 * Mails a comment to the other side: a staff reply to the customer (or the visitor, with their
 * own new link), a customer's words to the ticket's agent or, while it has none, to every agent.
 */
export async function mailComment(
  ctx: Ctx,
  m: { ticket: repo.LockedTicket; side: 'customer' | 'staff'; author: string; comment: string },
): Promise<void> {
  const { ticket } = m;
  const mails = await ctx.db.system(async (tx) => {
    if (m.side === 'staff') {
      const to = await repo.customerRecipient(tx, ticket.id);
      if (!to) return [];
      // A visitor gets a link of their own with each reply (the first mail's key is not kept).
      let link = ticketLink(ctx, ticket.id);
      if (!ticket.client_id) {
        const { key, hash } = newGuestKey();
        await repo.addGuestKey(tx, ticket.id, hash);
        link = ticketLink(ctx, ticket.id, key);
      }
      return [
        replyMail(to.email, to.language, { author: m.author, id: ticket.id, title: ticket.title, comment: m.comment, link }),
      ];
    }
    const staff = await repo.staffRecipients(tx, ticket.agent_id);
    const link = ticketLink(ctx, ticket.id);
    return staff.map((s) =>
      replyMail(s.email, s.language, { author: m.author, id: ticket.id, title: ticket.title, comment: m.comment, link }),
    );
  });
  await sendAll(ctx, mails);
}

/** Mails a new ticket (or a visitor's confirmed one) to every agent. */
export async function mailNewTicket(ctx: Ctx, m: { id: number; title: string; author: string; text: string }): Promise<void> {
  const mails = await ctx.db.system(async (tx) => {
    const staff = await repo.staffRecipients(tx, null);
    const link = ticketLink(ctx, m.id);
    return staff.map((s) => newTicketMail(s.email, s.language, { ...m, link }));
  });
  await sendAll(ctx, mails);
}
