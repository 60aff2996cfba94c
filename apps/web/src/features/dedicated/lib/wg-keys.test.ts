import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWireGuardPublicKey } from '@portside/contract/rules/wireguard';
import { base64UrlToBase64, generateWireGuardKeyPair } from './wg-keys';

describe('generateWireGuardKeyPair', () => {
  it('makes a usable public key whose private key derives it again', async () => {
    const pair = await generateWireGuardKeyPair();
    expect(isWireGuardPublicKey(pair.publicKey)).toBe(true);
    expect(pair.privateKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // The private key as wg(8) holds it (32 raw bytes) gives the same public key in node:crypto.
    const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), Buffer.from(pair.privateKey, 'base64')]);
    const priv = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    const spki = crypto.createPublicKey(priv).export({ format: 'der', type: 'spki' });
    expect(Buffer.from(spki.subarray(-32)).toString('base64')).toBe(pair.publicKey);
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
