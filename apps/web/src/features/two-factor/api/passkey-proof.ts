/**
 * The proof a change of the second factor sends (renewing recovery codes, turning the app off,
 * removing a passkey): the password with a typed code, or with a passkey's signature — then
 * POST /api/rpc/PasskeyProofOptions {} gives the options, and the browser's dialog (its library
 * loaded only then) signs them.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TwoFactorProofInput } from '@portside/contract/schemas/two-factor';
import { api } from '../../../shared/api/client';

/** What the proof form gives: the password and a code, or the password and "use a passkey". */
export type ProofChoice = { p_password: string } & ({ p_code: string } | { passkey: true });

/** The body of the proof; asks the browser for a passkey's signature when that was chosen. */
export async function proofInput(choice: ProofChoice): Promise<TwoFactorProofInput> {
  if (!('passkey' in choice)) return { p_password: choice.p_password, p_code: choice.p_code };
  const optionsJSON = await api.rpc<PublicKeyCredentialRequestOptionsJSON>('PasskeyProofOptions', {});
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { p_password: choice.p_password, p_passkey: { ...(await startAuthentication({ optionsJSON })) } };
}
