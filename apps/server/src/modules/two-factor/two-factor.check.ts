/**
 * Checks a typed second factor against what a user has: a TOTP code of the confirmed app (its
 * time step must be later than the last one used: a code works once) or an unused recovery code
 * (used up by the check). Runs inside the caller's transaction.
 */
import { secondFactorKind } from '@portside/contract/rules/two-factor';
import type { Tx } from '../../db/database.js';
import { openSecret } from '../../drivers/hypervisor/secret-box.js';
import type { Secrets } from '../../secrets.js';
import { recoveryCodeHash, totpStep } from './two-factor.codes.js';
import * as repo from './two-factor.repository.js';

/** Which factor the code proved, or null when it proved nothing. */
export async function checkSecondFactor(
  tx: Tx,
  secrets: Secrets,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const kind = secondFactorKind(code);
  if (kind === 'totp') {
    const totp = await repo.findTotp(tx, userId);
    if (!totp?.confirmed) return null;
    const step = await totpStep(openSecret(secrets.dataKey, totp.secret_sealed), code);
    return step !== null && (await repo.advanceStep(tx, userId, step)) ? 'totp' : null;
  }
  if (kind === 'recovery') {
    const hash = recoveryCodeHash(secrets, userId, code);
    return hash && (await repo.useRecoveryCode(tx, userId, hash)) ? 'recovery' : null;
  }
  return null;
}

/** True when the user has a confirmed authenticator app. */
export async function hasTotp(tx: Tx, userId: string): Promise<boolean> {
  return (await repo.findTotp(tx, userId))?.confirmed === true;
}

/** True when the user has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(tx: Tx, userId: string): Promise<boolean> {
  return (await hasTotp(tx, userId)) || (await repo.listPasskeys(tx, userId)).length > 0;
}
