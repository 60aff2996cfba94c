import { describe, expect, it } from 'vitest';
import { vpnPeerAddSchema } from '../schemas/vpn';
import {
  VPN_PEER_HOSTS,
  vpnConfigFileName,
  vpnEndpoint,
  vpnFreeHost,
  vpnPeerAddresses,
  vpnPeerConfig,
  vpnServerConfig,
} from './vpn';
import { PRIVATE_KEY_PLACEHOLDER } from './wireguard';

// Public keys generated with `wg genkey | wg pubkey`; the private key with node:crypto (X25519).
const KEY_A = 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=';
const KEY_B = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
const PRIVATE = '4M6J3ZWNU9+0DvSH6y6m1dQfHngHi4ZPI3bFFGSR5UU=';

describe('vpnPeerAddresses', () => {
  it('gives host N the addresses 10.99.0.N and fd99::N with N in hex', () => {
    expect(vpnPeerAddresses(2)).toEqual({ ipv4: '10.99.0.2', ipv6: 'fd99::2' });
    expect(vpnPeerAddresses(10)).toEqual({ ipv4: '10.99.0.10', ipv6: 'fd99::a' });
    expect(vpnPeerAddresses(254)).toEqual({ ipv4: '10.99.0.254', ipv6: 'fd99::fe' });
  });

  it('refuses the server’s own host, the broadcast and anything not a whole number', () => {
    for (const bad of [0, 1, 255, 2.5, Number.NaN]) expect(() => vpnPeerAddresses(bad), String(bad)).toThrow(RangeError);
  });
});

describe('vpnFreeHost', () => {
  it('answers the lowest free host number, reusing a gap', () => {
    expect(vpnFreeHost([])).toBe(2);
    expect(vpnFreeHost([2, 3, 5])).toBe(4);
  });

  it('answers null when every host number is taken', () => {
    const all = Array.from({ length: VPN_PEER_HOSTS.last - VPN_PEER_HOSTS.first + 1 }, (_, i) => i + VPN_PEER_HOSTS.first);
    expect(vpnFreeHost(all)).toBeNull();
  });
});

describe('vpnEndpoint', () => {
  it('prefers the IPv4 address and brackets an IPv6 one', () => {
    expect(vpnEndpoint('185.66.10.40', '2a0e:1d80:10::40')).toBe('185.66.10.40:51820');
    expect(vpnEndpoint(null, '2a0e:1d80:10::40')).toBe('[2a0e:1d80:10::40]:51820');
    expect(vpnEndpoint(null, null)).toBeNull();
  });
});

describe('vpnServerConfig', () => {
  it('writes the interface and one peer per host number, in host order, with /32 and /128', () => {
    const text = vpnServerConfig({
      server: 'vpn-1',
      privateKey: PRIVATE,
      peers: [
        { name: 'phone', public_key: KEY_B, host: 11 },
        { name: 'laptop', public_key: KEY_A, host: 2 },
      ],
    });
    expect(text).toBe(
      [
        '# vpn-1: written by Portside, changes made here are replaced',
        '[Interface]',
        `PrivateKey = ${PRIVATE}`,
        'ListenPort = 51820',
        'Address = 10.99.0.1/24, fd99::1/64',
        '',
        '# laptop',
        '[Peer]',
        `PublicKey = ${KEY_A}`,
        'AllowedIPs = 10.99.0.2/32, fd99::2/128',
        '',
        '# phone',
        '[Peer]',
        `PublicKey = ${KEY_B}`,
        'AllowedIPs = 10.99.0.11/32, fd99::b/128',
        '',
      ].join('\n'),
    );
  });

  it('writes only the interface for a server without peers, and keeps a name on one line', () => {
    const text = vpnServerConfig({ server: 'a\nPostUp = rm -rf /', privateKey: PRIVATE, peers: [] });
    expect(text.split('\n')[0]).toBe('# a PostUp = rm -rf /: written by Portside, changes made here are replaced');
    expect(text).not.toContain('[Peer]');
  });
});

describe('vpnPeerConfig', () => {
  const server = { name: 'vpn-1', public_key: KEY_A, endpoint: '185.66.10.40:51820' };
  const peer = { name: 'phone', address_v4: '10.99.0.3', address_v6: 'fd99::3' };

  it('routes everything through the server and names the resolvers', () => {
    expect(vpnPeerConfig(server, peer, PRIVATE)).toBe(
      [
        '# vpn-1 - phone',
        '[Interface]',
        `PrivateKey = ${PRIVATE}`,
        'Address = 10.99.0.3/32, fd99::3/128',
        'DNS = 9.9.9.9, 2620:fe::fe',
        '',
        '[Peer]',
        `PublicKey = ${KEY_A}`,
        'Endpoint = 185.66.10.40:51820',
        'AllowedIPs = 0.0.0.0/0, ::/0',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
  });

  it('writes the placeholder where the browser did not make the private key', () => {
    expect(vpnPeerConfig(server, peer)).toContain(`PrivateKey = ${PRIVATE_KEY_PLACEHOLDER}`);
  });
});

describe('vpnConfigFileName', () => {
  it('joins server and peer, with anything unusual as a hyphen', () => {
    expect(vpnConfigFileName('vpn-1.demo.example', 'phone')).toBe('vpn-1.demo.example-phone.conf');
    expect(vpnConfigFileName('a b/c', '..x')).toBe('a-b-c-x.conf');
    expect(vpnConfigFileName('', '')).toBe('vpn-peer.conf');
  });
});

describe('vpnPeerAddSchema', () => {
  const body = { p_provisioned_id: 1001, p_name: 'phone', p_public_key: KEY_A };
  const issue = (over: Record<string, unknown>) => vpnPeerAddSchema.safeParse({ ...body, ...over }).error?.issues[0]?.message;

  it('takes a plain name and a real public key', () => {
    expect(vpnPeerAddSchema.parse({ ...body, p_name: ' laptop_2.home ' }).p_name).toBe('laptop_2.home');
  });

  it('refuses an empty or unusual name, and a key that is no Curve25519 point', () => {
    expect(issue({ p_name: ' ' })).toBe('vpn_peer_name_empty');
    expect(issue({ p_name: 'my phone' })).toBe('vpn_peer_name_invalid');
    expect(issue({ p_name: '-phone' })).toBe('vpn_peer_name_invalid');
    expect(issue({ p_name: 'x'.repeat(33) })).toBe('field_too_long');
    expect(issue({ p_public_key: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' })).toBe('wg_pubkey_invalid');
    expect(issue({ p_public_key: '' })).toBe('wg_pubkey_invalid');
    expect(issue({ p_provisioned_id: 0 })).toBe('invalid_data');
  });
});
