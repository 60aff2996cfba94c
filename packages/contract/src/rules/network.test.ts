import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  domainChallenge,
  formatIpBlock,
  normaliseDomain,
  normaliseFirewallSource,
  normalisePortSpec,
  parseIpBlock,
  parseIpv6,
  splitIpList,
  validateDomain,
  validateIpList,
  validatePtrHostname,
} from './network';

describe('addresses and CIDR blocks', () => {
  it('reads IPv4 and IPv6 addresses and blocks into their canonical text', () => {
    expect(parseIpBlock('192.0.2.7')).toEqual({ family: 4, address: '192.0.2.7', prefix: 32 });
    expect(parseIpBlock(' 198.51.100.0/24 ')).toEqual({ family: 4, address: '198.51.100.0', prefix: 24 });
    expect(parseIpBlock('2001:DB8:0:0:0:0:0:1')).toEqual({ family: 6, address: '2001:db8::1', prefix: 128 });
    expect(parseIpBlock('2001:db8::/32')).toEqual({ family: 6, address: '2001:db8::', prefix: 32 });
    expect(formatIpBlock(parseIpBlock('::ffff:192.0.2.1')!)).toBe('::ffff:c000:201');
    expect(formatIpBlock(parseIpBlock('2001:0:0:1:0:0:0:1')!)).toBe('2001:0:0:1::1');
    expect(formatIpBlock(parseIpBlock('0.0.0.0/0')!)).toBe('0.0.0.0/0');
  });

  it('refuses what is no address, leading zeros, and host bits after the prefix', () => {
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '01.2.3.4',
      '10.0.0.1/24',
      '10.0.0.0/33',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::1/64',
      'fe80::1%eth0',
      'abc',
    ])
      expect(parseIpBlock(bad), bad).toBeNull();
    expect(parseIpv6('::')).toBe(0n);
  });

  it('tells a single address from a block', () => {
    expect(canonicalAddress('2001:DB8::0001')).toBe('2001:db8::1');
    expect(canonicalAddress('192.0.2.0/24')).toBeNull();
  });
});

describe('pasted IP lists (spec 1 §5: comma separated)', () => {
  it('splits on commas, line breaks and spaces, removes repeats and names invalid entries', () => {
    expect(splitIpList('192.0.2.1, 192.0.2.1,2001:db8::1\n2001:DB8::1 ; nope, 10.0.0.1/8')).toEqual({
      ips: ['192.0.2.1', '2001:db8::1'],
      invalid: ['nope', '10.0.0.1/8'],
      duplicates: 2,
    });
    expect(validateIpList(' , ')).toBe('ip_list_empty');
    expect(validateIpList('192.0.2.1, x')).toBe('ip_list_invalid');
    const full = Array.from({ length: 1001 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`).join(',');
    expect(validateIpList(full)).toBe('ipset_full');
  });
});

describe('firewall fields', () => {
  it('reads a source: empty or {ip}/0 means all', () => {
    expect(normaliseFirewallSource('')).toBe('');
    expect(normaliseFirewallSource('0.0.0.0/0')).toBe('');
    expect(normaliseFirewallSource('::/0')).toBe('');
    expect(normaliseFirewallSource('203.0.113.0/24')).toBe('203.0.113.0/24');
    expect(normaliseFirewallSource('203.0.113.1/24')).toBeNull();
  });

  it('reads a port or a range, in Proxmox form', () => {
    expect(normalisePortSpec('')).toBe('');
    expect(normalisePortSpec('22')).toBe('22');
    expect(normalisePortSpec('8000-8080')).toBe('8000:8080');
    expect(normalisePortSpec('8000 : 8080')).toBe('8000:8080');
    for (const bad of ['0', '65536', '80:80', '90:80', 'http', '1,2']) expect(normalisePortSpec(bad), bad).toBeNull();
  });
});

describe('names', () => {
  it('checks a reverse DNS name: empty resets, else a full hostname', () => {
    expect(validatePtrHostname('')).toBeNull();
    expect(validatePtrHostname('mail.example.com.')).toBeNull();
    for (const bad of ['localhost', 'a_b.example.com', '-a.example.com', 'example.123', 'a..b.com'])
      expect(validatePtrHostname(bad), bad).toBe('ptr_invalid');
  });

  it('reads a custom domain in lower case, with IDN in ASCII', () => {
    expect(normaliseDomain('Shop.Example.COM.')).toBe('shop.example.com');
    expect(normaliseDomain('xn--bcher-kva.example.xn--p1ai')).toBe('xn--bcher-kva.example.xn--p1ai');
    for (const bad of ['localhost', 'exa mple.com', 'example.1', 'a.-b.com']) expect(normaliseDomain(bad), bad).toBeNull();
    expect(validateDomain(' ')).toBe('domain_empty');
    expect(validateDomain('bad')).toBe('domain_invalid');
    expect(domainChallenge('shop.example.com', 'abc')).toEqual({
      name: '_portside-challenge.shop.example.com',
      value: 'portside-verification=abc',
    });
  });
});
