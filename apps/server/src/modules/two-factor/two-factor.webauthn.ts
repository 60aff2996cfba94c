/**
 * The WebAuthn parts every passkey flow shares (@simplewebauthn/server): the relying party, the
 * options a browser creates or signs with, and the checks of its answers. The relying party is
 * the portal's PUBLIC_URL (else http://localhost:$PORT): its host is the RP id, its origin the
 * expected origin.
 */
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
import type { Tx } from '../../db/database.js';
import * as repo from './two-factor.repository.js';

type RpConfig = Pick<Config, 'publicUrl' | 'port'>;

/** The relying party: the RP id (a host name) and the origin the browser's answers must name. */
export function relyingParty(config: RpConfig): { rpID: string; origin: string } {
  const url = new URL(config.publicUrl ?? `http://localhost:${config.port}`);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (t: string[]) => t as AuthenticatorTransport[];

/** The options a browser creates a new passkey of `user` with (its existing ones excluded). */
export async function creationOptions(
  tx: Tx,
  config: RpConfig,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await repo.listPasskeys(tx, user.id);
  return generateRegistrationOptions({
    rpName: 'Portside',
    rpID: relyingParty(config).rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Checks a browser's answer to {@link creationOptions} against the `challenge` and stores the
 * passkey under `name`; answers its id, null when the answer proves nothing or its credential is
 * registered already.
 */
export async function registerPasskey(
  tx: Tx,
  config: RpConfig,
  user: { id: string; client_id: string },
  challenge: string,
  name: string,
  response: unknown,
): Promise<number | null> {
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
  }).catch(() => null);
  if (!result?.verified) return null;
  const c = result.registrationInfo.credential;
  const id = await repo.insertPasskey(tx, {
    userId: user.id,
    clientId: user.client_id,
    credentialId: c.id,
    publicKey: c.publicKey,
    counter: c.counter,
    transports: c.transports ?? [],
    name,
  });
  return id === null ? null : Number(id);
}

/** The options a browser signs with one of the user's passkeys. */
export async function requestOptions(tx: Tx, config: RpConfig, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await repo.listPasskeys(tx, userId);
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
  });
}

/**
 * Checks a browser's signature with one of the user's passkeys against the `challenge`, and
 * records the use (its new signature counter); false when it proves nothing.
 */
export async function verifyAssertion(
  tx: Tx,
  config: RpConfig,
  userId: string,
  challenge: string,
  response: unknown,
): Promise<boolean> {
  const { rpID, origin } = relyingParty(config);
  const answer = response as AuthenticationResponseJSON;
  const passkey = (await repo.listPasskeys(tx, userId)).find((p) => p.credential_id === answer.id);
  if (!passkey) return false;
  const result = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: passkey.counter,
      transports: transportsOf(passkey.transports),
    },
  }).catch(() => null);
  if (!result?.verified) return false;
  await repo.touchPasskey(tx, passkey.id, result.authenticationInfo.newCounter);
  return true;
}
