/**
 * A WireGuard key pair made in the browser (WebCrypto X25519). The public key goes to the portal;
 * the private key stays in this page's memory and is written only into the configuration the
 * customer downloads, so the provider never knows it.
 */

export interface WireGuardKeyPair {
  /** 32 bytes, standard base64 (44 characters), as wg(8) prints keys. */
  publicKey: string;
  privateKey: string;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** base64url without padding (a JWK member) → standard base64 with padding. */
export function base64UrlToBase64(text: string): string {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/');
  return plain + '='.repeat((4 - (plain.length % 4)) % 4);
}

/** Whether this browser can make X25519 keys (feature check only; generation may still fail). */
export function canGenerateKeys(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.generateKey === 'function';
}

/** Makes a key pair; rejects when the browser does not support X25519. */
export async function generateWireGuardKeyPair(): Promise<WireGuardKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  if (raw.length !== 32 || typeof jwk.d !== 'string') throw new Error('Unexpected X25519 key format');
  return { publicKey: bytesToBase64(raw), privateKey: base64UrlToBase64(jwk.d) };
}
