/**
 * WebAuthn passkeys as a second factor (issue 19, @simplewebauthn/server): registering one in
 * settings (options, then the browser's answer with a name), removing one (password), and using
 * one at the login's second step. The relying party is the portal's PUBLIC_URL (else
 * http://localhost:$PORT): its host is the RP id, its origin the expected origin.
 */
import { verify } from '@node-rs/argon2';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { hasSecondFactor } from './two-factor.check.js';
import { keyedHash, newRecoveryCodes, newTicket } from './two-factor.codes.js';
import { onTicket, sessionFor, tellUser, TICKET_MAX_ATTEMPTS, TICKET_MINUTES } from './two-factor.login.js';
import * as repo from './two-factor.repository.js';

/** The relying party: the RP id (a host name) and the origin the browser's answers must name. */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'port'>): { rpID: string; origin: string } {
  const url = new URL(config.publicUrl ?? `http://localhost:${config.port}`);
  return { rpID: url.hostname, origin: url.origin };
}

const failed = () => new AppError('PASSKEY_FAILED');
const transportsOf = (t: string[]) => t as AuthenticatorTransport[];

/** PasskeyRegisterOptions: the options the browser creates a passkey with (the caller's passkeys excluded). */
export async function registerOptions(u: UserCtx): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(u.config);
  return u.tenant(async (tx) => {
    const user = await repo.findUser(tx, u.principal.userId);
    if (!user) throw new AppError('JWT_REVOKED');
    const existing = await repo.listPasskeys(tx, user.id);
    const options = await generateRegistrationOptions({
      rpName: 'Portside',
      rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const t = newTicket(u.secrets);
    await repo.createChallenge(tx, {
      ticketHash: t.hash,
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
  const { rpID, origin } = relyingParty(u.config);
  const out = await u.tenant(async (tx) => {
    const pending = await repo.pendingRegistration(tx, u.principal.userId);
    if (!pending) return null;
    await repo.useChallenge(tx, pending.id);
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: pending.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
    }).catch(() => null);
    if (!result?.verified) return null;
    const c = result.registrationInfo.credential;
    const id = await repo.insertPasskey(tx, {
      userId: u.principal.userId,
      clientId: u.principal.clientId,
      credentialId: c.id,
      publicKey: c.publicKey,
      counter: c.counter,
      transports: c.transports ?? [],
      name,
    });
    let codes: string[] | undefined;
    if ((await repo.recoveryCodesLeft(tx, u.principal.userId)) === 0) {
      const fresh = newRecoveryCodes(u.secrets, u.principal.userId);
      await repo.replaceRecoveryCodes(tx, u.principal.userId, u.principal.clientId, fresh.hashes);
      codes = fresh.codes;
    }
    return { id: Number(id), name, codes, user: await repo.findUser(tx, u.principal.userId) };
  });
  if (!out) throw failed();
  if (out.user) await tellUser(u, out.user, 'passkey_added');
  return { id: out.id, name: out.name, ...(out.codes ? { recovery_codes: out.codes } : {}) };
}

/** PasskeyDelete: removes one of the caller's passkeys; the password must be right (wrong ones count). */
export async function deletePasskey(u: UserCtx, id: number, password: string): Promise<{ success: true }> {
  const { windowSeconds, perAccount } = u.config.rateLimit;
  const key = `two-factor:user:${u.principal.userId}`;
  await u.db.system((tx) => checkRate(tx, key, perAccount, windowSeconds));
  const user = await u.tenant((tx) => repo.findUser(tx, u.principal.userId));
  if (!user || !(await verify(user.password_hash, password).catch(() => false))) {
    await u.db.system((tx) => recordRate(tx, key));
    throw new AppError('WRONG_PASSWORD', { details: 'p_password', hint: 'Type the password you log in with' });
  }
  const removed = await u.tenant(async (tx) => {
    const gone = await repo.deletePasskey(tx, user.id, id);
    // Recovery codes stand in for a lost second factor: with none left, they go too.
    if (gone !== null && !(await hasSecondFactor(tx, user.id))) await repo.replaceRecoveryCodes(tx, user.id, user.client_id, []);
    return gone;
  });
  if (removed === null) throw new AppError('NotFound', { details: 'p_id: no passkey of yours with that id' });
  await tellUser(u, user, 'passkey_removed');
  return { success: true };
}

/** LoginPasskeyOptions: the options the browser signs with one of the user's passkeys. */
export async function loginOptions(ctx: Ctx, ticket: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx.config);
  return ctx.db.system(async (tx) => {
    const c = await repo.findChallenge(tx, keyedHash(ctx.secrets, 'ticket', ticket), TICKET_MAX_ATTEMPTS);
    if (!c || c.dead || c.kind !== 'second_factor') throw new AppError('TWO_FACTOR_TICKET_EXPIRED');
    const passkeys = await repo.listPasskeys(tx, c.user_id);
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
      userVerification: 'preferred',
    });
    await repo.setChallengeWebauthn(tx, c.id, options.challenge);
    return options;
  });
}

/** LoginPasskeyVerify: the browser's signature with a passkey of the user → the session's token. */
export async function loginVerify(ctx: Ctx, ticket: string, response: unknown): Promise<{ token: string }> {
  const { rpID, origin } = relyingParty(ctx.config);
  const answer = response as AuthenticationResponseJSON;
  const { user } = await onTicket(ctx, ticket, 'second_factor', 'LoginPasskeyVerify', async (tx, c, u) => {
    const passkey = (await repo.listPasskeys(tx, u.id)).find((p) => p.credential_id === answer.id);
    if (!passkey || !c.webauthn_challenge) return null;
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: c.webauthn_challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    }).catch(() => null);
    if (!result?.verified) return null;
    await repo.touchPasskey(tx, passkey.id, result.authenticationInfo.newCounter);
    return 'webauthn' as const;
  });
  return { token: await sessionFor(ctx, user) };
}
