import { describe, expect, it } from 'vitest';
import { tokenInfo } from './token-info';

const b64url = (o: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: object, sig = 'c2ln') => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.${sig}`;

describe('tokenInfo', () => {
  it('reads the lifetime (exp − iat) and uses the signature as id', () => {
    expect(tokenInfo(jwt({ iat: 1000, exp: 1060, sub: 'ü' }))).toEqual({ id: 'c2ln', lifetimeMs: 60_000 });
  });

  it('gives no lifetime for a token without usable exp/iat, and null without a token', () => {
    expect(tokenInfo(jwt({ iat: 1000 }))).toEqual({ id: 'c2ln', lifetimeMs: null });
    expect(tokenInfo(jwt({ iat: 1000, exp: 900 }))?.lifetimeMs).toBeNull();
    expect(tokenInfo('a.%%%.sig')).toEqual({ id: 'sig', lifetimeMs: null });
    expect(tokenInfo('opaque')).toEqual({ id: 'opaque', lifetimeMs: null });
    expect(tokenInfo(null)).toBeNull();
  });
});
