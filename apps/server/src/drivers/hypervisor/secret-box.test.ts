import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromStrings } from '../../secrets.js';
import { openSecret, sealSecret } from './secret-box.js';

const key = fromStrings('jwt', 'data-secret', 'db').dataKey;
const token = '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';

/** Flips one bit of the base64url part `index` (1 iv, 2 tag, 3 ciphertext) of a sealed string. */
function flip(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('opens what it sealed with the data key, for empty and non-ASCII text too', () => {
    for (const text of [token, '', 'pässwörd ✓ 🔑', 'x'.repeat(5000)]) expect(openSecret(key, sealSecret(key, text))).toBe(text);
  });

  it('writes v1.<iv>.<tag>.<ciphertext> in base64url with a fresh 12-byte IV every time, never the plaintext', () => {
    const a = sealSecret(key, token);
    const b = sealSecret(key, token);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(a).not.toContain(token);
    expect(Buffer.from(a.split('.')[3]!, 'base64url')).toHaveLength(Buffer.byteLength(token));
  });

  it('refuses a wrong key', () => {
    const sealed = sealSecret(key, token);
    expect(() => openSecret(crypto.randomBytes(32), sealed)).toThrow(/wrong key or altered/);
  });

  it('refuses a changed IV, tag or ciphertext, and a truncated ciphertext', () => {
    const sealed = sealSecret(key, token);
    for (const i of [1, 2, 3]) expect(() => openSecret(key, flip(sealed, i))).toThrow(/wrong key or altered/);
    const parts = sealed.split('.');
    expect(() => openSecret(key, [...parts.slice(0, 3), parts[3]!.slice(0, -2)].join('.'))).toThrow(/wrong key or altered/);
  });

  it('refuses other versions, shapes and a short tag without quoting the input', () => {
    const sealed = sealSecret(key, token);
    const [, iv, tag, ct] = sealed.split('.');
    const bad = [
      `v2.${iv}.${tag}.${ct}`,
      `v1.${iv}.${tag}`,
      `v1.${iv}.${tag}.${ct}.x`,
      `v1.${iv}.${tag!.slice(0, 8)}.${ct}`,
      `v1.${iv}.${tag}.${ct}+/=`,
      token,
    ];
    for (const s of bad) {
      let message = '';
      try {
        openSecret(key, s);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/unknown format/);
      expect(message).not.toContain(ct!);
    }
  });

  it('wants a 32-byte key', () => {
    expect(() => sealSecret(Buffer.alloc(16), token)).toThrow(/32 bytes/);
    expect(() => openSecret(Buffer.alloc(31), 'v1.a.b.c')).toThrow(/32 bytes/);
  });
});
