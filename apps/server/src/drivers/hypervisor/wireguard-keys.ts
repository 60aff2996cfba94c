/**
 * WireGuard key pairs on the server side (issue 17): a VPN server's key pair is made by the portal
 * (its private key then sealed with the data key), and the simulated guests' `wg pubkey` and
 * `wg show … public-key` derive public keys as wg(8) does. Keys are Curve25519 (X25519), 32 bytes,
 * written as standard base64. node:crypto reads a raw private key only inside a PKCS #8 envelope.
 */
import crypto from 'node:crypto';

/** The PKCS #8 DER prefix of an X25519 private key (RFC 8410); the 32 key bytes follow. */
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** A WireGuard key pair, each key 44 characters of base64. */
export interface WgKeyPair {
  privateKey: string;
  publicKey: string;
}

/** Makes a new key pair (`wg genkey`, then `wg pubkey`). */
export function generateWgKeyPair(): WgKeyPair {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('x25519');
  const d = privateKey.export({ format: 'jwk' }).d;
  const x = publicKey.export({ format: 'jwk' }).x;
  if (typeof d !== 'string' || typeof x !== 'string') throw new Error('X25519 key export gave no key bytes');
  return {
    privateKey: Buffer.from(d, 'base64url').toString('base64'),
    publicKey: Buffer.from(x, 'base64url').toString('base64'),
  };
}

/** The 32 bytes of a key in wg(8)'s form, or null when the text is not one. */
export function wgKeyBytes(text: string): Buffer | null {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 && bytes.toString('base64') === text ? bytes : null;
}

/** The public key of a private key (`wg pubkey`); null when the text is no key. */
export function wgPublicKeyOf(privateKey: string): string | null {
  const bytes = wgKeyBytes(privateKey);
  if (!bytes) return null;
  const key = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_X25519, bytes]), format: 'der', type: 'pkcs8' });
  const x = crypto.createPublicKey(key).export({ format: 'jwk' }).x;
  return typeof x === 'string' ? Buffer.from(x, 'base64url').toString('base64') : null;
}
