import { describe, expect, it } from 'vitest';
import { loadConfig, parseRoles, parseTrustProxy } from './config.js';

describe('PORTSIDE_ROLES', () => {
  it('runs the api and the worker in one process by default', () => {
    expect(parseRoles(undefined)).toEqual(['api', 'worker']);
    expect(parseRoles('')).toEqual(['api', 'worker']);
    expect(loadConfig({}).roles).toEqual(['api', 'worker']);
  });

  it('takes one role or both, in any order, with spaces and repeats', () => {
    expect(parseRoles('api')).toEqual(['api']);
    expect(parseRoles('worker')).toEqual(['worker']);
    expect(parseRoles(' worker , api,api ')).toEqual(['worker', 'api']);
  });

  it('refuses an unknown role rather than starting something else', () => {
    expect(() => parseRoles('api,cron')).toThrow(/PORTSIDE_ROLES/);
    expect(() => parseRoles(',')).toThrow(/PORTSIDE_ROLES/);
  });
});

describe('PAYMENTS_CARD_PROVIDER', () => {
  it('uses the test card provider by default outside production', () => {
    expect(loadConfig({}).payments.cardProvider).toBe('test-card');
  });

  it('lets ISO downloads reach private addresses only when told, and never in production', () => {
    expect(loadConfig({}).iso.allowPrivateUrls).toBe(false);
    expect(loadConfig({ ISO_ALLOW_PRIVATE_URLS: 'on' }).iso.allowPrivateUrls).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENTS_CARD_PROVIDER: 'test-card', ISO_ALLOW_PRIVATE_URLS: 'on' }),
    ).toThrow(/ISO_ALLOW_PRIVATE_URLS=on is for tests/);
    expect(loadConfig({ ISO_MAX_MB: '5' }).iso.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('refuses to start in production unless the card provider is named (the test card takes made-up numbers)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_CARD_PROVIDER must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_CARD_PROVIDER: 'test-card' }).payments.cardProvider).toBe('test-card');
    expect(() => loadConfig({ PAYMENTS_CARD_PROVIDER: 'stripe' })).toThrow(/must be test-card/);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no forwarded header unless the proxies are named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes addresses, CIDR ranges and the names loopback, linklocal and uniquelocal', () => {
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true (anyone could claim any address) and anything that is not an address', () => {
    for (const raw of ['true', '1', 'proxy.example.net', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(() => parseTrustProxy(raw), raw).toThrow(/TRUST_PROXY must name the proxies/);
    }
  });
});
