/**
 * The proof a change of the second factor asks for (issue 19): the password and a current second
 * factor — a code of the authenticator app, an unused recovery code, or a passkey's signature
 * (PasskeyProofOptions, then the browser's answer) — so that a browser left signed in, or a
 * password found out, alone cannot change it. Wrong passwords and codes count per user.
 */
import { verify } from '@node-rs/argon2';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { checkSecondFactor, hasSecondFactor, hasTotp } from './two-factor.check.js';
import { newTicket } from './two-factor.codes.js';
import { TICKET_MINUTES } from './two-factor.login.js';
import * as repo from './two-factor.repository.js';
import { requestOptions, verifyAssertion } from './two-factor.webauthn.js';

/** A second factor offered as proof: a typed code, or a passkey's signature (the browser's answer). */
export interface Proof {
  code?: string;
  passkey?: unknown;
}

/** The caller as the flows need it (its own row, under row-level security). */
export async function me(u: UserCtx) {
  const user = await u.tenant((tx) => repo.findUser(tx, u.principal.userId));
  if (!user) throw new AppError('JWT_REVOKED');
  return user;
}

/** Wrong codes and passwords in settings count per user, like wrong old passwords (settings.service.ts). */
const rateKey = (u: UserCtx) => `two-factor:user:${u.principal.userId}`;

export async function guard(u: UserCtx): Promise<void> {
  const { windowSeconds, perAccount } = u.config.rateLimit;
  await u.db.system((tx) => checkRate(tx, rateKey(u), perAccount, windowSeconds));
}

export async function failed(u: UserCtx, err: AppError): Promise<never> {
  await u.db.system((tx) => recordRate(tx, rateKey(u)));
  throw err;
}

/** PasskeyProofOptions: the options the browser signs with one of the caller's passkeys, as a proof. */
export async function proofOptions(u: UserCtx): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return u.tenant(async (tx) => {
    if ((await repo.listPasskeys(tx, u.principal.userId)).length === 0)
      throw new AppError('TWO_FACTOR_NOT_ENABLED', { hint: 'Add a passkey first' });
    const options = await requestOptions(tx, u.config, u.principal.userId);
    await repo.createChallenge(tx, {
      ticketHash: newTicket(u.secrets).hash,
      userId: u.principal.userId,
      clientId: u.principal.clientId,
      kind: 'passkey_proof',
      minutes: TICKET_MINUTES,
      webauthn: options.challenge,
    });
    return options;
  });
}

/** True when the proof is right; a code is used up, a passkey's challenge too. */
async function checkProof(u: UserCtx, tx: Tx, proof: Proof): Promise<boolean> {
  const userId = u.principal.userId;
  if (proof.passkey !== undefined) {
    const pending = await repo.pendingChallenge(tx, userId, 'passkey_proof');
    if (!pending || !(await repo.useChallenge(tx, pending.id))) return false;
    return verifyAssertion(tx, u.config, userId, pending.challenge, proof.passkey);
  }
  return proof.code !== undefined && (await checkSecondFactor(tx, u.secrets, userId, proof.code)) !== null;
}

/**
 * Checks the password and then the proof of a user with 2FA on; a wrong one of either counts.
 * Runs `then` in the same transaction once both are right. `has` is what the user must have: an
 * authenticator app, or any second factor.
 */
export async function withProof<T>(
  u: UserCtx,
  has: 'totp' | 'any',
  password: string,
  proof: Proof,
  then: (tx: Tx) => Promise<T>,
) {
  await guard(u);
  const user = await me(u);
  if (!(await verify(user.password_hash, password).catch(() => false)))
    return failed(u, new AppError('WRONG_PASSWORD', { details: 'p_password', hint: 'Type the password you log in with' }));
  const out = await u.tenant(async (tx): Promise<{ ok: T } | AppError | null> => {
    if (!(await (has === 'totp' ? hasTotp : hasSecondFactor)(tx, user.id))) return new AppError('TWO_FACTOR_NOT_ENABLED');
    if (!(await checkProof(u, tx, proof))) return null;
    return { ok: await then(tx) };
  });
  if (out === null)
    return failed(
      u,
      proof.passkey !== undefined
        ? new AppError('PASSKEY_FAILED')
        : new AppError('TWO_FACTOR_CODE_INVALID', { details: 'p_code' }),
    );
  if (out instanceof AppError) throw out;
  return { user, result: out.ok };
}
