/**
 * The staff's customer and server calls (issue 18; spec 2 §7): ClientDelete (the account, by the
 * very rules of the customer's own AccountDelete: billing data kept when invoices were issued),
 * ProfilesDelete (one user; never an owner — that is the account), ServerUpdateClient (a dedicated
 * server and its services move to another account, written into both accounts' logs) and
 * ServerUpdateTag. The provider's own staff accounts and users are never deleted here.
 */
import type { ServerUpdateClientBody, ServerUpdateTagBody } from '@portside/contract/schemas/clients';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/audit.repository.js';
import { formatRef, target } from '../audit/audit-target.js';
import { deleteAccountById } from '../settings/account-deletion.service.js';
import { insertServerService } from '../dedicated/dedicated-staff.repository.js';
import * as repo from './clients.repository.js';

const noAccount = (id: string) => new AppError('NotFound', { message: 'No such account', details: `p_client: ${id}` });

/** ClientDelete: checks the account is a customer's, then deletes it as its owner would. */
export async function deleteClient(u: UserCtx, clientId: string): Promise<{ success: true; billing_kept: boolean }> {
  await u.db.system(async (tx) => {
    const c = await repo.lockClient(tx, clientId);
    if (!c || c.deleted) throw noAccount(clientId);
    if (c.staff || clientId === u.principal.clientId) throw new AppError('STAFF_ACCOUNT_PROTECTED');
  });
  return deleteAccountById(u, clientId).catch((e: unknown) => {
    // Deleted by someone else between the check and the deletion.
    if (e instanceof AppError && e.code === 'JWT_REVOKED') throw noAccount(clientId);
    throw e;
  });
}

/** ProfilesDelete: a customer's sub-user; the deletion is written into that account's log too. */
export async function deleteProfile(u: UserCtx, userId: string): Promise<{ success: true; email: string }> {
  return u.db
    .system(async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw new AppError('NotFound', { message: 'No such user', details: `p_user: ${userId}` });
      if (user.staff || user.id === u.principal.userId) throw new AppError('STAFF_ACCOUNT_PROTECTED');
      if (user.is_owner) throw new AppError('OWNER_PROTECTED', { hint: 'Delete the account instead (ClientDelete)' });
      await repo.deleteUser(tx, user.id);
      await writeAudit(tx, {
        clientId: user.client_id,
        userId: u.principal.userId,
        email: u.principal.email,
        action: 'ProfilesDelete',
        target: formatRef(target('user', null, user.email.toLowerCase())),
        result: 'ok',
        ip: u.ip,
      });
      return { success: true as const, email: user.email.toLowerCase() };
    })
    .catch((e: { code?: string }) => {
      // Rows of other areas (tickets) may still point at the user, as for the owner's MyUserDelete.
      if (e.code === '23503') throw new AppError('USER_HAS_DATA');
      throw e;
    });
}

/**
 * ServerUpdateClient: the server moves to `p_client` with its service (a server in stock gets one
 * from today at its base price plus its parts', as the inventory sync bills it). Both accounts'
 * logs get the entry, so each customer sees it.
 */
export async function updateServerClient(
  u: UserCtx,
  b: ServerUpdateClientBody,
): Promise<{ success: true; serial: string; client: string; previous_client: string | null }> {
  return u.db.system(async (tx) => {
    const server = await repo.lockServer(tx, b.p_serial);
    if (!server) throw new AppError('DEDICATED_NOT_FOUND', { details: `p_serial: ${b.p_serial}` });
    if (!(await repo.clientActive(tx, b.p_client))) throw noAccount(b.p_client);
    if (server.client_id === b.p_client) throw new AppError('SETTING_UNCHANGED', { details: `p_client: ${b.p_client}` });
    const equipmentId =
      server.equipment_id ??
      (await insertServerService(tx, {
        clientId: b.p_client,
        model: server.model,
        hostname: server.hostname,
        location: server.location_id,
        cents: server.monthly_cents,
      }));
    await repo.moveServer(tx, server.serial, b.p_client, equipmentId);
    const ref = formatRef(target('dedicated server', server.serial, server.hostname));
    for (const [clientId, text] of [
      [server.client_id, `${ref} moved to another account`],
      [b.p_client, `${ref} moved to this account`],
    ] as const) {
      if (clientId === null) continue;
      await writeAudit(tx, {
        clientId,
        userId: u.principal.userId,
        email: u.principal.email,
        action: 'ServerUpdateClient',
        target: text,
        result: 'ok',
        ip: u.ip,
      });
    }
    return { success: true as const, serial: server.serial, client: b.p_client, previous_client: server.client_id };
  });
}

/** ServerUpdateTag: the staff's tag of a server (empty clears it). */
export async function updateServerTag(u: UserCtx, b: ServerUpdateTagBody): Promise<{ success: true; tag: string | null }> {
  const tag = b.p_tag?.trim() ? b.p_tag.trim() : null;
  const found = await u.db.system((tx) => repo.setTag(tx, b.p_serial, tag));
  if (!found) throw new AppError('DEDICATED_NOT_FOUND', { details: `p_serial: ${b.p_serial}` });
  return { success: true, tag };
}
