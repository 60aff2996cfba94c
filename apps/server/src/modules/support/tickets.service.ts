/**
 * Tickets (spec 1 §4 'Ticket', §5, §6 'Ticket agents'): a user opens one with up to 3 attached
 * images, writes comments, changes its priority, closes and reopens it; staff — the agents — work
 * on every account's tickets: assign, reply, close. Owners see all of their account's tickets,
 * sub-users the ones they opened (tickets.repository TENANT_TICKET_FILTER).
 */
import { LIMITS } from '@portside/contract/constants';
import type { CreateTicketBody, TicketPriority } from '@portside/contract/schemas/support';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import * as files from './files.repository.js';
import * as repo from './tickets.repository.js';
import { mailComment, mailNewTicket, publishTicket } from './ticket-notify.js';

const isStaff = (u: UserCtx) => u.principal.roles.includes('staff');

/**
 * Whether the caller acts as an agent on this ticket: staff on any ticket but their own account's
 * (there they are the customer).
 */
const actsAsStaff = (u: UserCtx, ticket: repo.LockedTicket) => isStaff(u) && ticket.client_id !== u.principal.clientId;

/**
 * Runs `fn` on the ticket, locked, in the scope the caller may see it in: staff in the system scope
 * (any account's ticket, but not a visitor's unconfirmed one), others in their tenant.
 */
async function withTicket<T>(u: UserCtx, id: number, fn: (tx: Tx, ticket: repo.LockedTicket) => Promise<T>): Promise<T> {
  const inScope = async (tx: Tx, lock: (tx: Tx, id: number) => Promise<repo.LockedTicket | null>) => {
    const ticket = await lock(tx, id);
    if (!ticket || ticket.status === 'unconfirmed') throw new AppError('TICKET_NOT_FOUND', { details: `ticket ${id}` });
    return fn(tx, ticket);
  };
  try {
    return await (isStaff(u)
      ? u.db.system((tx) => inScope(tx, repo.lockAnyTicket))
      : u.tenant((tx) => inScope(tx, repo.lockTenantTicket)));
  } catch (e) {
    throw attachRace(e);
  }
}

/** A file attached by two calls at once: the attachments' primary key refused the second. */
function attachRace(e: unknown): unknown {
  const pg = e as { code?: string; constraint?: string };
  return pg.code === '23505' && pg.constraint === 'ticket_attachments_pkey' ? new AppError('FILE_IN_USE') : e;
}

/** The caller's uploads `ids`, checked: each theirs, for tickets, not attached yet. */
async function filesToAttach(tx: Tx, u: UserCtx, ids: readonly number[] | undefined) {
  if (!ids?.length) return [];
  if (ids.length > LIMITS.ticketAttachments)
    throw new AppError('VALIDATION_FAILED', { details: 'p_files: ticket_too_many_files' });
  const found = await files.lockOwnFiles(tx, u.principal.userId, ids);
  const missing = ids.filter((id) => !found.some((f) => f.id === id && f.category === 'ticket'));
  if (missing.length) throw new AppError('FILE_NOT_FOUND', { details: `file ${missing.join(', ')}` });
  const used = found.filter((f) => f.attached);
  if (used.length) throw new AppError('FILE_IN_USE', { details: `file ${used.map((f) => f.id).join(', ')}` });
  return found;
}

export async function createTicket(
  u: UserCtx,
  b: Required<Pick<CreateTicketBody, 'p_title' | 'p_description'>> & {
    p_priority: TicketPriority;
    p_files?: number[] | undefined;
  },
) {
  const created = await u
    .tenant(async (tx) => {
      const attach = await filesToAttach(tx, u, b.p_files);
      const id = await repo.insertTicket(tx, {
        userId: u.principal.userId,
        title: b.p_title,
        description: b.p_description,
        priority: b.p_priority,
      });
      await files.attachFiles(tx, { ticketId: id, clientId: u.principal.clientId, commentId: null, files: attach });
      return { id, author: await repo.userName(tx, u.principal.userId) };
    })
    .catch((e: unknown) => {
      throw attachRace(e);
    });
  await publishTicket(u, created.id, u.principal.clientId, 'created');
  await mailNewTicket(u, {
    id: created.id,
    title: b.p_title,
    author: created.author || u.principal.email,
    text: b.p_description,
  });
  return { ticket: created.id };
}

export async function respondToTicket(u: UserCtx, b: { p_ticket: number; p_comment: string; p_files?: number[] | undefined }) {
  const done = await withTicket(u, b.p_ticket, async (tx, ticket) => {
    if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED', { details: `ticket ${ticket.id}` });
    const side = actsAsStaff(u, ticket) ? 'staff' : 'customer';
    // Files are the uploader's: read them in their own account (staff work in the system scope).
    const attach = await filesToAttach(tx, u, b.p_files);
    const author = (await repo.userName(tx, u.principal.userId)) || u.principal.email;
    const comment = await repo.insertComment(tx, {
      ticketId: ticket.id,
      clientId: ticket.client_id,
      authorId: u.principal.userId,
      authorName: author,
      side,
      body: b.p_comment,
    });
    await files.attachFiles(tx, { ticketId: ticket.id, clientId: ticket.client_id, commentId: comment, files: attach });
    return { ticket, side, author, comment } as const;
  });
  await publishTicket(u, done.ticket.id, done.ticket.client_id, 'comment');
  await mailComment(u, { ticket: done.ticket, side: done.side, author: done.author, comment: b.p_comment });
  return { comment: done.comment };
}

export async function updateTicket(
  u: UserCtx,
  b: {
    p_ticket: number;
    p_priority?: TicketPriority | undefined;
    p_status?: 'open' | 'closed' | undefined;
    p_agent?: string | null | undefined;
  },
) {
  if (b.p_agent !== undefined && !isStaff(u)) throw new AppError('ROLE_REQUIRED', { details: 'staff' });
  const row = await withTicket(u, b.p_ticket, async (tx, ticket) => {
    if (b.p_agent && !(await repo.isAgent(tx, b.p_agent))) throw new AppError('TICKET_AGENT_INVALID', { details: b.p_agent });
    await repo.updateTicket(tx, ticket.id, { priority: b.p_priority, status: b.p_status, agent: b.p_agent });
    return repo.ticketRow(tx, ticket.id);
  });
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  await publishTicket(u, row.ticket, row.client, 'update');
  return row;
}
