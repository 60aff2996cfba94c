/** POST /api/rpc/PasskeyRegisterOptions {} → the WebAuthn creation options for navigator.credentials.create. */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../../shared/api/client';

/** The options to create a passkey with (valid five minutes). */
export function passkeyRegisterOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return api.rpc<PublicKeyCredentialCreationOptionsJSON>('PasskeyRegisterOptions', {});
}
