/**
 * What the browser's passkey dialog says when it gives no passkey (WebAuthn's DOMException names,
 * as @simplewebauthn/browser passes them on): closed, refused or timed out; or, when adding one,
 * a device that holds a passkey of the user already. Shown in the user's language instead of the
 * browser's English.
 */
export type PasskeyErrorKey = 'passkey_refused' | 'passkey_known';

/** English, for when no translation is at hand. */
export const PASSKEY_ERROR_TEXT: Record<PasskeyErrorKey, string> = {
  passkey_refused: 'No passkey was used: the dialog was closed or timed out. Try again.',
  passkey_known: 'This device already holds one of your passkeys.',
};

/** The message key of a passkey dialog's failure, null for any other error. */
export function passkeyErrorKey(e: unknown): PasskeyErrorKey | null {
  if (!(e instanceof Error)) return null;
  const code = (e as { code?: unknown }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e.name === 'InvalidStateError') return 'passkey_known';
  if (e.name === 'NotAllowedError' || e.name === 'AbortError') return 'passkey_refused';
  return null;
}
