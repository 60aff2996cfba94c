/**
 * The settings calls of two-factor sign-in (issue 19), each for the caller's own login: set up an
 * authenticator app (TwoFactorTotpStart, then TwoFactorTotpConfirm with its first code), renew the
 * recovery codes and turn the app off (both need the password and a current second factor:
 * two-factor.proof.ts), and the owner's rule that every user of the account must use 2FA. Every
 * change is mailed to the user.
 *
 * Turning 2FA on ends the user's other sessions: they were opened with the password alone, which
 * the user has just said is not enough (this session goes on).
 */
import type { RecoveryCodesAnswer, TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import { openSecret, sealSecret } from '../../drivers/hypervisor/secret-box.js';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { endUserSessions } from '../sessions/sessions.repository.js';
import { hasSecondFactor } from './two-factor.check.js';
import { newRecoveryCodes, newTotpSecret, totpStep } from './two-factor.codes.js';
import { tellUser } from './two-factor.login.js';
import { failed, guard, me, withProof, type Proof } from './two-factor.proof.js';
import * as repo from './two-factor.repository.js';

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
 * TwoFactorRecoveryRegenerate: ten new recovery codes; the earlier ones stop working. With an
 * authenticator app or passkeys (then an unused recovery code or a passkey's signature is the proof).
 */
export async function recoveryRegenerate(u: UserCtx, password: string, proof: Proof): Promise<RecoveryCodesAnswer> {
  const { user, result } = await withProof(u, 'any', password, proof, async (tx) => {
    const fresh = newRecoveryCodes(u.secrets, u.principal.userId);
    await repo.replaceRecoveryCodes(tx, u.principal.userId, u.principal.clientId, fresh.hashes);
    return fresh.codes;
  });
  await tellUser(u, user, 'recovery_regenerated');
  return { recovery_codes: result };
}

/**
 * TwoFactorDisable: turns the authenticator app off. The recovery codes go with it unless passkeys
 * remain; refused while the account requires 2FA and no passkey would remain.
 */
export async function disable(u: UserCtx, password: string, proof: Proof): Promise<{ success: true }> {
  const required = (await me(u)).require_two_factor;
  const { user } = await withProof(u, 'totp', password, proof, async (tx) => {
    await repo.deleteTotp(tx, u.principal.userId);
    if (!(await hasSecondFactor(tx, u.principal.userId))) {
      if (required) throw new AppError('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
      await repo.replaceRecoveryCodes(tx, u.principal.userId, u.principal.clientId, []);
    }
  });
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
