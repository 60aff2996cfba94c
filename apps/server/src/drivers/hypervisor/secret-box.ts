import crypto from 'node:crypto';

/**
 * Secrets kept encrypted at rest (a registered Proxmox cluster's API token secret), sealed with
 * the server's data key (`Secrets.dataKey`, 32 bytes): AES-256-GCM, a random 12-byte IV per
 * seal, the format version bound in as associated data. The sealed form is one ASCII string,
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url, fit for a text column. Opening checks the
 * tag, so a wrong key or any change to the string throws instead of answering garbage.
 */

const VERSION = 'v1';
const AAD = Buffer.from('portside.secret-box.v1');
const B64URL = /^[A-Za-z0-9_-]*$/;

function checkKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new Error('secret box key must be 32 bytes');
}

/** Encrypts `plaintext` under `key`; every call gives a different string. */
export function sealSecret(key: Buffer, plaintext: string): string {
  checkKey(key);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Decrypts a string from {@link sealSecret}; throws on another format, a wrong key or tampering (never quoting the input). */
export function openSecret(key: Buffer, sealed: string): string {
  checkKey(key);
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => B64URL.test(p))) {
    throw new Error('sealed secret has an unknown format');
  }
  const iv = Buffer.from(parts[1]!, 'base64url');
  const tag = Buffer.from(parts[2]!, 'base64url');
  const ciphertext = Buffer.from(parts[3]!, 'base64url');
  if (iv.length !== 12 || tag.length !== 16) throw new Error('sealed secret has an unknown format');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('sealed secret cannot be opened: wrong key or altered');
  }
}
