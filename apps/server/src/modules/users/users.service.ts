/**
 * Sub-users and their claims. Rules (spec 1 §5-§6, decided where the spec is silent):
 * - every call needs menu-see-users (route access); every change also needs the account owner
 *   (403 OWNER_REQUIRED): a sub-user holding menu-see-users may look, not change;
 * - users are found by username (lower-cased e-mail) inside the caller's account only, so another
 *   account's user is a 404 (row-level security hides it);
 * - the owner cannot be blocked, deleted, given a password here or have claims granted or revoked
 *   (422 OWNER_PROTECTED);
 * - blocking, a new password and deletion end the user's open sessions at once (token_version).
 */
import { LIMITS } from '@portside/contract/constants';
import type { AddMyUserBody } from '@portside/contract/schemas/users';
import type { Ctx, UserCtx } from '../../http/access.js';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/guards.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import { issueCode } from '../auth/auth.codes.js';
import { hashPassword } from '../auth/auth.service.js';
import * as repo from './users.repository.js';
import { invitationMail } from './users.mails.js';

/** The caller, who must be the account owner to change users. */
function owner(ctx: Ctx): UserCtx {
  const u = requireUser(ctx);
  if (!u.principal.isOwner) throw new AppError('OWNER_REQUIRED');
  return u;
}

async function target(tx: Tx, username: string, opts: { notOwner?: boolean } = {}): Promise<repo.TargetUser> {
  const user = await repo.findByUsername(tx, username);
  if (!user) throw new AppError('NotFound', { details: 'No such user in this account' });
  if (opts.notOwner && user.is_owner) throw new AppError('OWNER_PROTECTED');
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
export async function addUser(ctx: Ctx, b: AddMyUserBody): Promise<{ id: string; email: string; confirmed: false }> {
  const u = owner(ctx);
  const { windowSeconds, perIp } = ctx.config.rateLimit;
  const rateKey = `add-user:acct:${u.principal.clientId}`;
  const passwordHash = await hashPassword(b.p_password);
  await ctx.db.system(async (tx) => {
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
  const code = await ctx.db.system(async (tx) => {
    await recordRate(tx, rateKey);
    return issueCode(tx, ctx.secrets, id, 'confirm');
  });
  const link = `${baseUrl(ctx)}/confirm-email/${code}/${encodeURIComponent(b.p_email)}`;
  await ctx.mailer.send(
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

export async function updateUser(ctx: Ctx, username: string, firstName: string, lastName: string): Promise<{ success: true }> {
  const u = owner(ctx);
  await u.tenant(async (tx) => repo.updateNames(tx, (await target(tx, username)).id, firstName, lastName));
  return { success: true };
}

export async function toggleBlock(ctx: Ctx, username: string): Promise<{ blocked: boolean }> {
  const u = owner(ctx);
  const blocked = await u.tenant(async (tx) => repo.toggleBlocked(tx, (await target(tx, username, { notOwner: true })).id));
  return { blocked };
}

export async function deleteUser(ctx: Ctx, username: string): Promise<{ success: true }> {
  const u = owner(ctx);
  await u
    .tenant(async (tx) => repo.deleteUser(tx, (await target(tx, username, { notOwner: true })).id))
    .catch((e: { code?: string }) => {
      // Rows of other areas (e.g. tickets) may still point at the user.
      if (e.code === '23503') throw new AppError('USER_HAS_DATA');
      throw e;
    });
  return { success: true };
}

export async function setPassword(ctx: Ctx, username: string, password: string): Promise<{ success: true }> {
  const u = owner(ctx);
  const passwordHash = await hashPassword(password);
  await u.tenant(async (tx) => repo.setPassword(tx, (await target(tx, username, { notOwner: true })).id, passwordHash));
  return { success: true };
}

/** Grants or revokes customer claims (the schema refuses operator claims); answers the claims now granted. */
export async function changeClaims(ctx: Ctx, username: string, claims: string[], grant: boolean): Promise<{ claims: string[] }> {
  const u = owner(ctx);
  return u.tenant(async (tx) => {
    const user = await target(tx, username, { notOwner: true });
    if (grant) await repo.grantClaims(tx, user.id, claims);
    else await repo.revokeClaims(tx, user.id, claims);
    return { claims: await repo.grantedClaims(tx, user.id) };
  });
}
