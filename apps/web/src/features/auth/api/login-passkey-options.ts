/** POST /api/rpc/LoginPasskeyOptions {p_ticket} → the WebAuthn request options for navigator.credentials.get. */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../../shared/api/client';

/** The options to sign the login's ticket with a passkey. */
export function loginPasskeyOptions(ticket: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.rpc<PublicKeyCredentialRequestOptionsJSON>('LoginPasskeyOptions', { p_ticket: ticket }, { isLogin: true });
}
