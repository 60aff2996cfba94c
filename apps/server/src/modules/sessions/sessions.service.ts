/**
 * Login sessions (issue 9 §6): a login opens one, every token names it (JWT claim sid), and the
 * token is refused once it has ended — at logout, when the user ends it from another device, logs
 * out everywhere, or changes or resets the password. The check itself is in http/auth.ts.
 */
import { SESSION_LIMITS, type SessionsEndAllAnswer } from '@portside/contract/schemas/sessions';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { signToken } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import * as repo from './sessions.repository.js';
import { recordSignInAddress } from '../network/my-ips.repository.js';
import { canonicalAddress } from '@portside/contract/rules/network';

/** Header text as stored: control characters out, trimmed, cut to `max`; null when nothing is left. */
function storedText(value: string, max: number): string | null {
  const clean = value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return clean === '' ? null : clean;
}

/**
 * Opens a session for a user who has just proved who they are and answers its first token
 * (`ttlSeconds` long). The address is the request's, the device its User-Agent header. The user's
 * long-gone sessions are cleared out on the way, so the table does not grow without end.
 */
export async function startSession(
  ctx: Ctx,
  user: { id: string; clientId: string; tokenVersion: number },
  ttlSeconds: number,
): Promise<string> {
  const sessionId = await ctx.db.system(async (tx) => {
    await repo.pruneSessions(tx, user.id);
    // The address joins the account's own list (MyIPs), to fill firewall rules and IP sets with.
    const address = canonicalAddress(ctx.ip);
    if (address) await recordSignInAddress(tx, user.clientId, address);
    return repo.createSession(tx, {
      userId: user.id,
      clientId: user.clientId,
      ip: storedText(ctx.ip, SESSION_LIMITS.ipMax),
      device: storedText(ctx.userAgent, SESSION_LIMITS.deviceMax),
      ttlSeconds,
    });
  });
  return signToken(ctx.secrets, { ...user, sessionId }, ttlSeconds);
}

/**
 * A new token for the caller's own session (same sid), at `tokenVersion` (the principal's, or the
 * new one after a password change), living `ttlSeconds`. Refused with JWT_REVOKED when the session
 * ended since the request was let in.
 */
export async function renewSessionToken(u: UserCtx, tokenVersion: number, ttlSeconds: number): Promise<string> {
  const p = u.principal;
  const open = await u.tenant((tx) => repo.extendSession(tx, p.sessionId, ttlSeconds));
  if (!open) throw new AppError('JWT_REVOKED');
  return signToken(u.secrets, { id: p.userId, clientId: p.clientId, tokenVersion, sessionId: p.sessionId }, ttlSeconds);
}

/** Logout: ends the caller's own session; its token is refused from now on. */
export async function logout(u: UserCtx): Promise<{ success: true }> {
  await u.tenant((tx) => repo.endOwnSession(tx, u.principal.sessionId, 'logout'));
  return { success: true };
}

/**
 * SessionEnd: ends one of the caller's own open sessions (e.g. a browser left signed in elsewhere).
 * Another user's session, an ended or an unknown one is 404 and nothing changes.
 */
export async function endSession(u: UserCtx, sessionId: string): Promise<{ success: true }> {
  const ended = await u.tenant((tx) => repo.endOwnSession(tx, sessionId, 'ended'));
  if (!ended) throw new AppError('NotFound', { details: 'p_session: no open session of yours with that id' });
  return { success: true };
}

/** SessionsEndAll ('log out everywhere'): ends every session of the caller, this one included. */
export async function endAllSessions(u: UserCtx): Promise<SessionsEndAllAnswer> {
  const ended = await u.tenant((tx) => repo.endUserSessions(tx, u.principal.userId, 'ended_all'));
  return { success: true, ended };
}
