import { describe, expect, it } from 'vitest';
import { decodeBase64Url, redirectAfterLogin, sameOriginPath } from './redirect';

const ORIGIN = 'https://portal.example.com';
const bytesB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const b64 = (s: string) => bytesB64(new TextEncoder().encode(s));
const b64url = (s: string) => b64(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('decodeBase64Url', () => {
  it('decodes standard and URL-safe base64, with or without padding', () => {
    expect(decodeBase64Url(b64('/servers/server-details/42?tab=backups'))).toBe('/servers/server-details/42?tab=backups');
    expect(decodeBase64Url(b64url('/list-view?q=ü>?'))).toBe('/list-view?q=ü>?');
  });

  it('gives null for text that is not base64 or not UTF-8', () => {
    expect(decodeBase64Url('not base64!')).toBeNull();
    expect(decodeBase64Url(bytesB64(new Uint8Array([0xff, 0xfe])))).toBeNull();
  });
});

describe('sameOriginPath', () => {
  it('keeps a relative path with its query and hash', () => {
    expect(sameOriginPath('/tickets?x=1#top', ORIGIN)).toBe('/tickets?x=1#top');
  });

  it('keeps an absolute URL on the same origin, as a path', () => {
    expect(sameOriginPath(`${ORIGIN}/billing?y=2`, ORIGIN)).toBe('/billing?y=2');
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab that URL parsing strips', '/\t/evil.example'],
    ['another origin', 'https://evil.example/dashboard'],
    ['another port of the same host', 'https://portal.example.com:8443/x'],
    ['plain http for an https portal', 'http://portal.example.com/x'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a bare word', 'dashboard'],
    ['an empty text', ''],
  ])('refuses %s', (_, target) => {
    expect(sameOriginPath(target, ORIGIN)).toBeNull();
  });
});

describe('redirectAfterLogin', () => {
  it('falls back to /dashboard without a parameter or with a broken one', () => {
    expect(redirectAfterLogin(undefined)).toBe('/dashboard');
    expect(redirectAfterLogin('%%%')).toBe('/dashboard');
  });
});
