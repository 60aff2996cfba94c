/** The keys of visitors' ticket links: 256 random bits, URL-safe; only their SHA-256 is stored. */
import crypto from 'node:crypto';

export const guestKeyHash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function newGuestKey(): { key: string; hash: string } {
  const key = crypto.randomBytes(32).toString('base64url');
  return { key, hash: guestKeyHash(key) };
}
