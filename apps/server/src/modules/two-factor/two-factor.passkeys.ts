/**
 * WebAuthn passkeys as a second factor (issue 19): registering one in settings (options, then the
 * browser's answer with a name), registering one as the enrolment an account requires at login,
 * removing one (the password and a current second factor), and using one at the login's second
 * step. The WebAuthn checks themselves are in two-factor.webauthn.ts.
 */
import type { EnrolAnswer } from '@portside/contract/schemas/two-factor';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { hasSecondFactor } from './two-factor.check.js';
import { keyedHash, newRecoveryCodes, newTicket } from './two-factor.codes.js';
import { expired, onTicket, sessionFor, tellUser, TICKET_MAX_ATTEMPTS, TICKET_MINUTES } from './two-factor.login.js';
import { withProof, type Proof } from './two-factor.proof.js';
import * as repo from './two-factor.repository.js';
import { creationOptions, registerPasskey, requestOptions, verifyAssertion } from './two-factor.webauthn.js';

const failed = () => new AppError('PASSKEY_FAILED');

/** Ten recovery codes for a user who has none left (a first passkey without an app); null when some are left. */
async function codesIfNone(tx: Tx, secrets: Ctx['secrets'], user: { id: string; client_id: string }): Promise<string[] | null> {
  if ((await repo.recoveryCodesLeft(tx, user.id)) > 0) return null;
  const fresh = newRecoveryCodes(secrets, user.id);
  await repo.replaceRecoveryCodes(tx, user.id, user.client_id, fresh.hashes);
  return fresh.codes;
}

/** PasskeyRegisterOptions: the options the browser creates a passkey with (the caller's passkeys excluded). */
export async function registerOptions(u: UserCtx): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return u.tenant(async (tx) => {
    const user = await repo.findUser(tx, u.principal.userId);
    if (!user) throw new AppError('JWT_REVOKED');
    const options = await creationOptions(tx, u.config, user);
    await repo.createChallenge(tx, {
      ticketHash: newTicket(u.secrets).hash,
      userId: user.id,
      clientId: user.client_id,
      kind: 'passkey_register',
      minutes: TICKET_MINUTES,
      webauthn: options.challenge,
    });
    return options;
  });
}

/**
 * PasskeyRegisterVerify: checks the browser's answer against the pending options and stores the
 * passkey. A user with no recovery codes left (a first passkey without an authenticator app) gets
 * ten, shown once, so that a lost passkey does not lock the login for good.
 */
export async function registerVerify(
  u: UserCtx,
  name: string,
  response: unknown,
): Promise<{ id: number; name: string; recovery_codes?: string[] }> {
  const out = await u.tenant(async (tx) => {
    const user = await repo.findUser(tx, u.principal.userId);
    const pending = await repo.pendingChallenge(tx, u.principal.userId, 'passkey_register');
    if (!user || !pending) return null;
    await repo.useChallenge(tx, pending.id);
    const id = await registerPasskey(tx, u.config, user, pending.challenge, name, response);
    if (id === null) return null;
    return { id, codes: await codesIfNone(tx, u.secrets, user), user };
  });
  if (!out) throw failed();
  await tellUser(u, out.user, 'passkey_added');
  return { id: out.id, name, ...(out.codes ? { recovery_codes: out.codes } : {}) };
}

/**
 * PasskeyDelete: removes one of the caller's passkeys, with the password and a current second
 * factor (this passkey's signature will do). Removing the last second factor drops the recovery
 * codes, and is refused while the account requires 2FA.
 */
export async function deletePasskey(u: UserCtx, id: number, password: string, proof: Proof): Promise<{ success: true }> {
  // A refusal inside the proof's transaction undoes it: the code or signature is not spent.
  const { user } = await withProof(u, 'any', password, proof, async (tx) => {
    if ((await repo.deletePasskey(tx, u.principal.userId, id)) === null)
      throw new AppError('NotFound', { details: 'p_id: no passkey of yours with that id' });
    if (!(await hasSecondFactor(tx, u.principal.userId))) {
      if ((await repo.findUser(tx, u.principal.userId))?.require_two_factor) throw new AppError('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
      // Recovery codes stand in for a lost second factor: with none left, they go too.
      await repo.replaceRecoveryCodes(tx, u.principal.userId, u.principal.clientId, []);
    }
  });
  await tellUser(u, user, 'passkey_removed');
  return { success: true };
}

/**
 * PasskeyRename: gives one of the caller's passkeys another name. Only the label changes (no
 * proof is asked, nothing is mailed); the audit log keeps the old and the new name.
 */
export async function renamePasskey(
  u: UserCtx,
  id: number,
  name: string,
): Promise<{ id: number; name: string; old_name: string }> {
  const old = await u.tenant((tx) => repo.renamePasskey(tx, u.principal.userId, id, name));
  if (old === null) throw new AppError('NotFound', { details: 'p_id: no passkey of yours with that id' });
  return { id, name, old_name: old };
}

/** LoginPasskeyOptions: the options the browser signs with one of the user's passkeys. */
export async function loginOptions(ctx: Ctx, ticket: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return ctx.db.system(async (tx) => {
    const c = await repo.findChallenge(tx, keyedHash(ctx.secrets, 'ticket', ticket), TICKET_MAX_ATTEMPTS);
    if (!c || c.dead || c.kind !== 'second_factor') throw expired();
    const options = await requestOptions(tx, ctx.config, c.user_id);
    await repo.setChallengeWebauthn(tx, c.id, options.challenge);
    return options;
  });
}

/** LoginPasskeyVerify: the browser's signature with a passkey of the user → the session's token. */
export async function loginVerify(ctx: Ctx, ticket: string, response: unknown): Promise<{ token: string }> {
  const { user } = await onTicket(ctx, ticket, 'second_factor', 'LoginPasskeyVerify', async (tx, c, u) =>
    c.webauthn_challenge && (await verifyAssertion(tx, ctx.config, u.id, c.webauthn_challenge, response)) ? 'webauthn' : null,
  );
  return { token: await sessionFor(ctx, user) };
}

/** TwoFactorEnrolPasskeyOptions: the options the browser creates a first passkey with, for the enrolment an account requires. */
export async function enrolOptions(ctx: Ctx, ticket: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return ctx.db.system(async (tx) => {
    const c = await repo.findChallenge(tx, keyedHash(ctx.secrets, 'ticket', ticket), TICKET_MAX_ATTEMPTS);
    const user = c && !c.dead && c.kind === 'enrol' ? await repo.findUser(tx, c.user_id) : null;
    if (!c || !user) throw expired();
    const options = await creationOptions(tx, ctx.config, user);
    await repo.setChallengeWebauthn(tx, c.id, options.challenge);
    return options;
  });
}

/**
 * TwoFactorEnrolPasskeyVerify: the browser's new passkey turns 2FA on and signs the user in, with
 * ten recovery codes (shown once). A wrong answer counts on the ticket like a wrong code.
 */
export async function enrolVerify(ctx: Ctx, ticket: string, name: string, response: unknown): Promise<EnrolAnswer> {
  const { ok: codes, user } = await onTicket(ctx, ticket, 'enrol', 'TwoFactorEnrolPasskeyVerify', async (tx, c, u) => {
    if (!c.webauthn_challenge) return null;
    if ((await registerPasskey(tx, ctx.config, u, c.webauthn_challenge, name, response)) === null) return null;
    const fresh = newRecoveryCodes(ctx.secrets, u.id);
    await repo.replaceRecoveryCodes(tx, u.id, u.client_id, fresh.hashes);
    return fresh.codes;
  });
  await tellUser(ctx, user, 'passkey_added');
  return { token: await sessionFor(ctx, user), recovery_codes: codes };
}
