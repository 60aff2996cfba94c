import { verify } from '@node-rs/argon2';
import type { ProfileUpdateBillingAddressBody, ResetPasswordBody } from '@portside/contract/schemas/settings';
import type { UserCtx } from '../../routes/handler-context.js';
import { sessionTtlSeconds } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import { hashPassword } from '../auth/auth.service.js';
import { endUserSessions } from '../sessions/sessions.repository.js';
import { renewSessionToken } from '../sessions/sessions.service.js';
import * as repo from './settings.repository.js';

/**
 * A new token of the caller's session (same sid; refused when the session has ended): lifetime =
 * the account's inactivity logout (capped at TOKEN_TTL_SECONDS).
 */
async function tokenFor(u: UserCtx, tokenVersion: number, minutes: number): Promise<string> {
  return renewSessionToken(u, tokenVersion, sessionTtlSeconds(minutes, u.config.tokenTtlSeconds));
}

/**
 * RefreshToken: a fresh token for the session the caller already holds (same token version). The
 * web asks for it while the user is active, so the server-side expiry slides with the activity.
 */
export async function refreshToken(u: UserCtx): Promise<{ token: string }> {
  const minutes = await u.tenant((tx) => repo.logoutMinutes(tx));
  return { token: await tokenFor(u, u.principal.tokenVersion, minutes) };
}

/**
 * ResetPassword: checks the old password, sets the new one and ends every other session (the
 * token version goes up). The caller gets a fresh token so this session goes on. Wrong old
 * passwords count against the account's attempt limit like failed logins.
 */
export async function changePassword(u: UserCtx, b: ResetPasswordBody): Promise<{ success: true; token: string }> {
  const { windowSeconds, perAccount } = u.config.rateLimit;
  const key = `password-change:user:${u.principal.userId}`;
  await u.db.system((tx) => checkRate(tx, key, perAccount, windowSeconds));
  const current = await u.tenant((tx) => repo.passwordHash(tx));
  const ok = current !== null && (await verify(current, b.p_old_password).catch(() => false));
  if (!ok) {
    await u.db.system((tx) => recordRate(tx, key));
    throw new AppError('WRONG_PASSWORD', { details: 'p_old_password' });
  }
  const hash = await hashPassword(b.p_password);
  const { version, minutes } = await u.tenant(async (tx) => {
    const newVersion = await repo.setPasswordAndRevoke(tx, hash);
    // The version bump already refuses the other sessions' tokens; ending them keeps MySessions truthful.
    await endUserSessions(tx, u.principal.userId, 'password_changed', u.principal.sessionId);
    return { version: newVersion, minutes: await repo.logoutMinutes(tx) };
  });
  return { success: true, token: await tokenFor(u, version, minutes) };
}

/** MyLogoutTime (GET view and POST): the account's inactivity logout in minutes. */
export async function logoutTime(u: UserCtx): Promise<{ logout_after_minutes: number }> {
  return { logout_after_minutes: await u.tenant((tx) => repo.logoutMinutes(tx)) };
}

/**
 * ProfileUpdateTimeout: stores the inactivity logout and answers a token with the new lifetime,
 * so a shorter setting holds for this session at once (other sessions get it at their next renewal).
 */
export async function updateTimeout(
  u: UserCtx,
  minutes: number,
): Promise<{ success: true; logout_after_minutes: number; token: string }> {
  await u.tenant((tx) => repo.setLogoutMinutes(tx, minutes));
  return { success: true, logout_after_minutes: minutes, token: await tokenFor(u, u.principal.tokenVersion, minutes) };
}

/** ProfileUpdateTimezone: only a name of the Timezones list is stored (in its canonical spelling). */
export async function updateTimezone(u: UserCtx, name: string): Promise<{ success: true; timezone: string }> {
  const stored = await u.tenant(async (tx) => {
    const known = await repo.knownTimezone(tx, name);
    if (known) await repo.setTimezone(tx, known);
    return known;
  });
  if (!stored) throw new AppError('VALIDATION_FAILED', { details: 'p_timezone: timezone_unknown', hint: 'Unknown timezone' });
  return { success: true, timezone: stored };
}

/** ProfileUpdateBillingAddress: the owner, or a sub-user holding billing-manage (the route's claim), changes the billing address. */
export async function updateBillingAddress(u: UserCtx, b: ProfileUpdateBillingAddressBody): Promise<{ success: true }> {
  await u.tenant((tx) => repo.setBillingAddress(tx, b));
  return { success: true };
}
