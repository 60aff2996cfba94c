import { describe, expect, it } from 'vitest';
import { hostProblem, normalizeMac, parseIpv4Subnet } from './routers';
import { dhcpAssignSchema, dhcpCommentSchema, ipUpdateClientSchema } from '../schemas/routers';

describe('MAC addresses', () => {
  it('reads colon, dash and bare notations in either case into upper case with colons', () => {
    expect(normalizeMac('aa:bb:cc:dd:ee:f0')).toBe('AA:BB:CC:DD:EE:F0');
    expect(normalizeMac(' AA-BB-CC-DD-EE-F0 ')).toBe('AA:BB:CC:DD:EE:F0');
    expect(normalizeMac('aabbccddeef0')).toBe('AA:BB:CC:DD:EE:F0');
  });

  it('refuses mixed separators, wrong lengths, non-hex, multicast and all-zero addresses', () => {
    for (const bad of [
      'aa:bb-cc:dd:ee:f0',
      'aa:bb:cc:dd:ee',
      'aa:bb:cc:dd:ee:f0:11',
      'gg:bb:cc:dd:ee:f0',
      '01:00:5e:00:00:01',
      'ff:ff:ff:ff:ff:ff',
      '00:00:00:00:00:00',
      '',
    ])
      expect(normalizeMac(bad), bad).toBeNull();
  });
});

describe('addresses of a subnet', () => {
  it('reads a CIDR subnet and refuses one with host bits set', () => {
    expect(parseIpv4Subnet('185.66.10.0/24')).toEqual({ network: 3108112896, prefix: 24, size: 256 });
    expect(parseIpv4Subnet('185.66.10.1/24')).toBeNull();
    expect(parseIpv4Subnet('2a0e::/64')).toBeNull();
  });

  it('lets DHCP hand out host addresses only: not the network, broadcast or gateway, nothing outside', () => {
    const s = ['185.66.10.0/24', '185.66.10.1'] as const;
    expect(hostProblem('185.66.10.20', ...s)).toBeNull();
    expect(hostProblem('185.66.10.254', ...s)).toBeNull();
    expect(hostProblem('185.66.10.0', ...s)).toBe('network');
    expect(hostProblem('185.66.10.255', ...s)).toBe('broadcast');
    expect(hostProblem('185.66.10.1', ...s)).toBe('gateway');
    expect(hostProblem('185.66.11.20', ...s)).toBe('outside');
    expect(hostProblem('185.66.10.020', ...s)).toBe('not_ipv4');
    // A /31 has neither network nor broadcast address.
    expect(hostProblem('10.0.0.0', '10.0.0.0/31', '10.0.0.1')).toBeNull();
  });
});

describe('router call bodies', () => {
  it('answers the MAC in the portal form and refuses a bad address, MAC and comment by field', () => {
    expect(dhcpAssignSchema.parse({ p_subnet: 1, p_ip: ' 185.66.10.20 ', p_mac: 'aa-00-00-00-00-20' })).toEqual({
      p_subnet: 1,
      p_ip: '185.66.10.20',
      p_mac: 'AA:00:00:00:00:20',
    });
    const r = dhcpAssignSchema.safeParse({ p_subnet: 0, p_ip: '185.66.10', p_mac: 'zz', p_comment: 'x'.repeat(121) });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['p_subnet', 'invalid_data'],
      ['p_ip', 'router_ip_invalid'],
      ['p_mac', 'mac_invalid'],
      ['p_comment', 'field_too_long'],
    ]);
    expect(
      dhcpCommentSchema.safeParse({ p_subnet: 1, p_mac: 'AA:00:00:00:00:20', p_comment: 'tab\there' }).error?.issues[0]?.message,
    ).toBe('control_characters');
    expect(dhcpCommentSchema.parse({ p_subnet: 1, p_mac: 'AA:00:00:00:00:20', p_comment: '' }).p_comment).toBe('');
    expect(ipUpdateClientSchema.safeParse({ p_ip: '185.66.10.20', p_client: 'nope' }).success).toBe(false);
  });
});
