import { describe, expect, it } from 'vitest';
import { isWireGuardPublicKey } from '@portside/contract/rules/wireguard';
import { base64UrlToBase64, generateWireGuardKeyPair } from './wg-keys';

describe('generateWireGuardKeyPair', () => {
  it('makes a usable public key whose private key derives it again', async () => {
    const pair = await generateWireGuardKeyPair();
    expect(isWireGuardPublicKey(pair.publicKey)).toBe(true);
    expect(pair.privateKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // The private key as wg(8) holds it (32 raw bytes), imported afresh, belongs to the same public key.
    const prefix = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20];
    const raw = Uint8Array.from(atob(pair.privateKey), (c) => c.charCodeAt(0));
    const der = new Uint8Array([...prefix, ...raw]);
    const key = await crypto.subtle.importKey('pkcs8', der, { name: 'X25519' }, true, ['deriveBits']);
    const jwk = await crypto.subtle.exportKey('jwk', key);
    expect(base64UrlToBase64(jwk.x!)).toBe(pair.publicKey);
  });

  it('makes a new pair each time', async () => {
    const [a, b] = await Promise.all([generateWireGuardKeyPair(), generateWireGuardKeyPair()]);
    expect(a.publicKey).not.toBe(b.publicKey);
    expect(a.privateKey).not.toBe(b.privateKey);
  });
});

describe('base64UrlToBase64', () => {
  it('restores the standard alphabet and the padding', () => {
    expect(base64UrlToBase64('-_8')).toBe('+/8=');
    expect(base64UrlToBase64('YWJj')).toBe('YWJj');
    expect(base64UrlToBase64('YQ')).toBe('YQ==');
  });
});
