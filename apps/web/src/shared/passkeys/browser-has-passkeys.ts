/** True when this browser can use passkeys at all (WebAuthn); the login and settings offer them only then. */
export const browserHasPasskeys = (): boolean => typeof window !== 'undefined' && 'PublicKeyCredential' in window;
