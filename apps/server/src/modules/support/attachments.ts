/**
 * GET /api/TicketAttachment/{file}: an image attached to a ticket, for whoever may see the ticket —
 * its account's users as MyTickets shows them (the owner all, a sub-user their own), and staff.
 */
import type { Readable } from 'node:stream';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { TENANT_TICKET_FILTER } from './tickets.repository.js';
import { attachmentBlob } from './files.repository.js';

/** A file id as it appears in the path: digits only; anything else is simply not found. */
const fileId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);

export async function attachmentFile(
  u: UserCtx,
  raw: string,
): Promise<{ body: Readable; contentType: string; filename: string } | null> {
  const id = fileId(raw);
  if (id === null) return null;
  const read = (tx: Tx) => attachmentBlob(tx, id, u.principal.roles.includes('staff') ? null : TENANT_TICKET_FILTER);
  const found = u.principal.roles.includes('staff') ? await u.db.system(read) : await u.tenant(read);
  if (!found) return null;
  const body = await u.storage.get(found.storage_key);
  if (!body) throw new AppError('NotFound', { details: `file ${id}` });
  return { body, contentType: found.mime, filename: found.name };
}
