/**
 * Sub-users and their claims. Rules (spec 1 §5-§6, decided where the spec is silent):
 * - reading needs menu-see-users; every change is a route of its own declared `owner` (the registry
 *   refuses a sub-user with OWNER_REQUIRED before these run): a sub-user holding menu-see-users may
 *   look, not change;
 * - users are found by username (lower-cased e-mail) inside the caller's account only, so another
 *   account's user is a 404 (row-level security hides it);
 * - the owner cannot be blocked, deleted, given a password here or have claims granted or revoked
 *   (422 OWNER_PROTECTED, users.policy.ts);
 * - blocking, a new password and deletion end the user's open sessions at once (token_version).
 */
import { LIMITS } from '@portside/contract/constants';
import type { AddMyUserBody } from '@portside/contract/schemas/users';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import { issueCode } from '../auth/auth.codes.js';
import { hashPassword } from '../auth/auth.service.js';
import * as repo from './users.repository.js';
import { invitationMail } from './users.mails.js';
import { assertNotOwner } from './users.policy.js';

/** The account's user named `username`, checked against `may` (users.policy.ts) when given. */
async function target(tx: Tx, username: string, may?: (user: repo.TargetUser) => void): Promise<repo.TargetUser> {
  const user = await repo.findByUsername(tx, username);
  if (!user) throw new AppError('NotFound', { details: 'No such user in this account' });
  may?.(user);
  return user;
}

/** Links in mails use PUBLIC_URL, never a request header (which a caller could forge). */
function baseUrl(ctx: Ctx): string {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/$/, '');
}

/**
 * Adds an unconfirmed sub-user without claims and mails them a confirmation code: like a
 * registration, the address must be proven before the first login.
 */
export async function addUser(u: UserCtx, b: AddMyUserBody): Promise<{ id: string; email: string; confirmed: false }> {
  const { windowSeconds, perIp } = u.config.rateLimit;
  const rateKey = `add-user:acct:${u.principal.clientId}`;
  const passwordHash = await hashPassword(b.p_password);
  await u.db.system(async (tx) => {
    await checkRate(tx, rateKey, perIp, windowSeconds);
    if (await repo.emailExists(tx, b.p_email)) throw new AppError('EMAIL_TAKEN');
  });
  const { id, who } = await u
    .tenant(async (tx) => ({
      id: await repo.insertSubUser(tx, { email: b.p_email, firstName: b.p_first_name, lastName: b.p_last_name, passwordHash }),
      who: await repo.inviter(tx),
    }))
    .catch((e: { code?: string }) => {
      // Two additions racing for one address: the unique index decides.
      if (e.code === '23505') throw new AppError('EMAIL_TAKEN');
      throw e;
    });
  const code = await u.db.system(async (tx) => {
    await recordRate(tx, rateKey);
    return issueCode(tx, u.secrets, id, 'confirm');
  });
  const link = `${baseUrl(u)}/confirm-email/${code}/${encodeURIComponent(b.p_email)}`;
  await u.mailer.send(
    invitationMail(b.p_email, who.language, {
      inviter: who.name,
      inviterEmail: who.email,
      account: who.company ?? who.name,
      code,
      link,
      minutes: LIMITS.codeTtlMinutes,
    }),
  );
  return { id, email: b.p_email, confirmed: false };
}

export async function updateUser(u: UserCtx, username: string, firstName: string, lastName: string): Promise<{ success: true }> {
  await u.tenant(async (tx) => repo.updateNames(tx, (await target(tx, username)).id, firstName, lastName));
  return { success: true };
}

export async function toggleBlock(u: UserCtx, username: string): Promise<{ blocked: boolean }> {
  const blocked = await u.tenant(async (tx) => repo.toggleBlocked(tx, (await target(tx, username, assertNotOwner)).id));
  return { blocked };
}

export async function deleteUser(u: UserCtx, username: string): Promise<{ success: true }> {
  await u
    .tenant(async (tx) => repo.deleteUser(tx, (await target(tx, username, assertNotOwner)).id))
    .catch((e: { code?: string }) => {
      // Rows of other areas (e.g. tickets) may still point at the user.
      if (e.code === '23503') throw new AppError('USER_HAS_DATA');
      throw e;
    });
  return { success: true };
}

export async function setPassword(u: UserCtx, username: string, password: string): Promise<{ success: true }> {
  const passwordHash = await hashPassword(password);
  await u.tenant(async (tx) => repo.setPassword(tx, (await target(tx, username, assertNotOwner)).id, passwordHash));
  return { success: true };
}

/** Grants or revokes customer claims (the schema refuses operator claims); answers the claims now granted. */
export async function changeClaims(
  u: UserCtx,
  username: string,
  claims: string[],
  grant: boolean,
): Promise<{ claims: string[] }> {
  return u.tenant(async (tx) => {
    const user = await target(tx, username, assertNotOwner);
    if (grant) await repo.grantClaims(tx, user.id, claims);
    else await repo.revokeClaims(tx, user.id, claims);
    return { claims: await repo.grantedClaims(tx, user.id) };
  });
}
