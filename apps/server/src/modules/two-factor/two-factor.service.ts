/**
 * The settings calls of two-factor sign-in (issue 19), each for the caller's own login: set up an
 * authenticator app (TwoFactorTotpStart, then TwoFactorTotpConfirm with its first code), renew the
 * recovery codes and turn 2FA off (both need the password and a current code), and the owner's
 * rule that every user of the account must use 2FA. Every change is mailed to the user.
 *
 * Turning 2FA on ends the user's other sessions: they were opened with the password alone, which
 * the user has just said is not enough (this session goes on).
 */
import { verify } from '@node-rs/argon2';
import type { RecoveryCodesAnswer, TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import type { Tx } from '../../db/database.js';
import { openSecret, sealSecret } from '../../drivers/hypervisor/secret-box.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { endUserSessions } from '../sessions/sessions.repository.js';
import { checkSecondFactor, hasSecondFactor, hasTotp } from './two-factor.check.js';
import { newRecoveryCodes, newTotpSecret, totpStep } from './two-factor.codes.js';
import { tellUser } from './two-factor.login.js';
import * as repo from './two-factor.repository.js';

/** The caller as the flows need it (its own row, under row-level security). */
async function me(u: UserCtx) {
  const user = await u.tenant((tx) => repo.findUser(tx, u.principal.userId));
  if (!user) throw new AppError('JWT_REVOKED');
  return user;
}

/** Wrong codes and passwords in settings count per user, like wrong old passwords (settings.service.ts). */
const rateKey = (u: UserCtx) => `two-factor:user:${u.principal.userId}`;

async function guard(u: UserCtx): Promise<void> {
  const { windowSeconds, perAccount } = u.config.rateLimit;
  await u.db.system((tx) => checkRate(tx, rateKey(u), perAccount, windowSeconds));
}

async function failed(u: UserCtx, err: AppError): Promise<never> {
  await u.db.system((tx) => recordRate(tx, rateKey(u)));
  throw err;
}

/** TwoFactorTotpStart: a new secret and its otpauth:// URI; not active until a code confirms it. */
export async function totpStart(u: UserCtx): Promise<TotpSetupAnswer> {
  const user = await me(u);
  const setup = newTotpSecret(user.email);
  const saved = await u.tenant((tx) =>
    repo.savePendingTotp(tx, user.id, user.client_id, sealSecret(u.secrets.dataKey, setup.secret)),
  );
  if (!saved) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  return setup;
}

/** TwoFactorTotpConfirm: the app's first code turns 2FA on; answers the ten recovery codes (shown once). */
export async function totpConfirm(u: UserCtx, code: string): Promise<RecoveryCodesAnswer> {
  await guard(u);
  const user = await me(u);
  const out = await u.tenant(async (tx) => {
    const totp = await repo.findTotp(tx, user.id);
    if (!totp) return new AppError('TWO_FACTOR_NOT_ENABLED', { hint: 'Start the set-up first' });
    if (totp.confirmed) return new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const step = await totpStep(openSecret(u.secrets.dataKey, totp.secret_sealed), code);
    if (step === null) return null;
    await repo.confirmTotp(tx, user.id);
    await repo.advanceStep(tx, user.id, step);
    const fresh = newRecoveryCodes(u.secrets, user.id);
    await repo.replaceRecoveryCodes(tx, user.id, user.client_id, fresh.hashes);
    await endUserSessions(tx, user.id, 'two_factor_enabled', u.principal.sessionId);
    return fresh.codes;
  });
  if (out === null) return failed(u, new AppError('TWO_FACTOR_CODE_INVALID', { details: 'p_code' }));
  if (out instanceof AppError) throw out;
  await tellUser(u, user, 'totp_enabled');
  return { recovery_codes: out };
}

/**
 * Checks the password and then a current code (TOTP or recovery) of a user with 2FA on; a wrong
 * one of either counts. Runs `then` in the same transaction once both are right. `has` is what
 * the user must have: an authenticator app, or any second factor (a passkey-only user proves
 * with a recovery code).
 */
async function withProof<T>(u: UserCtx, has: 'totp' | 'any', password: string, code: string, then: (tx: Tx) => Promise<T>) {
  await guard(u);
  const user = await me(u);
  if (!(await verify(user.password_hash, password).catch(() => false)))
    return failed(u, new AppError('WRONG_PASSWORD', { details: 'p_password', hint: 'Type the password you log in with' }));
  const out = await u.tenant(async (tx): Promise<{ ok: T } | AppError | null> => {
    if (!(await (has === 'totp' ? hasTotp : hasSecondFactor)(tx, user.id))) return new AppError('TWO_FACTOR_NOT_ENABLED');
    if (!(await checkSecondFactor(tx, u.secrets, user.id, code))) return null;
    return { ok: await then(tx) };
  });
  if (out === null) return failed(u, new AppError('TWO_FACTOR_CODE_INVALID', { details: 'p_code' }));
  if (out instanceof AppError) throw out;
  return { user, result: out.ok };
}

/**
 * TwoFactorRecoveryRegenerate: ten new recovery codes; the earlier ones stop working. With an
 * authenticator app or passkeys only (then an unused recovery code is the proof).
 */
export async function recoveryRegenerate(u: UserCtx, password: string, code: string): Promise<RecoveryCodesAnswer> {
  const { user, result } = await withProof(u, 'any', password, code, async (tx) => {
    const fresh = newRecoveryCodes(u.secrets, u.principal.userId);
    await repo.replaceRecoveryCodes(tx, u.principal.userId, u.principal.clientId, fresh.hashes);
    return fresh.codes;
  });
  await tellUser(u, user, 'recovery_regenerated');
  return { recovery_codes: result };
}

/** TwoFactorDisable: turns 2FA off (refused while the account requires it). */
export async function disable(u: UserCtx, password: string, code: string): Promise<{ success: true }> {
  const required = (await me(u)).require_two_factor;
  if (required) throw new AppError('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
  const { user } = await withProof(u, 'totp', password, code, (tx) => repo.deleteSecondFactors(tx, u.principal.userId));
  await tellUser(u, user, 'totp_disabled');
  return { success: true };
}

/** TwoFactorRequire (owner): require 2FA of every user; the owner must have it on first. */
export async function requireForAccount(u: UserCtx, required: boolean): Promise<{ success: true; required: boolean }> {
  const user = await me(u);
  await u.tenant(async (tx) => {
    if (required && !(await hasSecondFactor(tx, user.id))) throw new AppError('TWO_FACTOR_OWNER_FIRST');
    await repo.setRequireTwoFactor(tx, user.client_id, required);
  });
  if (required !== user.require_two_factor) await tellUser(u, user, required ? 'required_on' : 'required_off');
  return { success: true, required };
}
