import { describe, expect, it } from 'vitest';
import { canonicalEntry, checkIpList } from './ip-list-check';

describe('checkIpList', () => {
  it('names the invalid entries as typed and refuses the list', () => {
    const c = checkIpList('10.0.0.1, 10.0.0.300,foo, 2001:db8::/32');
    expect(c.invalid).toEqual(['10.0.0.300', 'foo']);
    expect(c.problem).toBe('ip_list_invalid');
    expect(c.fresh).toEqual(['10.0.0.1', '2001:db8::/32']);
  });

  it('counts repeats within the list and entries the set has already apart', () => {
    const c = checkIpList('10.0.0.1, 10.0.0.1/32, 10.0.0.2, 192.0.2.0/24', new Set(['192.0.2.0/24']));
    expect(c.duplicates).toBe(1);
    expect(c.existing).toBe(1);
    expect(c.fresh).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(c.total).toBe(3);
    expect(c.problem).toBeNull();
  });

  it('refuses an empty list when IPs are required, not for a new set', () => {
    expect(checkIpList(' , ').problem).toBe('ip_list_empty');
    expect(checkIpList('', new Set(), false).problem).toBeNull();
  });

  it('says the set would hold more than 1000 IPs', () => {
    const inSet = new Set(Array.from({ length: 999 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`));
    expect(checkIpList('10.9.0.1', inSet).problem).toBeNull();
    const over = checkIpList('10.9.0.1, 10.9.0.2', inSet);
    expect(over.total).toBe(1001);
    expect(over.problem).toBe('ipset_full');
  });

  it('does not count an entry of the set as new', () => {
    const inSet = new Set(Array.from({ length: 1000 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`));
    expect(checkIpList('10.0.0.5', inSet).problem).toBeNull();
  });
});

describe('canonicalEntry', () => {
  it('writes a single address without its prefix and IPv6 in RFC 5952 form', () => {
    expect(canonicalEntry('10.0.0.1/32')).toBe('10.0.0.1');
    expect(canonicalEntry('2001:DB8:0:0::1')).toBe('2001:db8::1');
  });
});
