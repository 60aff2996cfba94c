import { describe, expect, it } from 'vitest';
import { decodeWireGuardKey, isWireGuardPublicKey, PRIVATE_KEY_PLACEHOLDER, wgQuickConfig } from './wireguard';

const fromHex = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16))));

describe('isWireGuardPublicKey', () => {
  it('takes a real Curve25519 public key', () => {
    // Generated with `wg genkey | wg pubkey`.
    expect(isWireGuardPublicKey('HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=')).toBe(true);
    expect(isWireGuardPublicKey('xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=')).toBe(true);
  });

  it('refuses text that is not 32 bytes of canonical base64', () => {
    for (const bad of [
      '',
      'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw',
      'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw==',
      'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykx=',
      'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8yk-=',
      ' HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=',
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl',
    ]) {
      expect(isWireGuardPublicKey(bad), bad).toBe(false);
    }
  });

  it('refuses the points of small order, with or without the top bit', () => {
    for (const hex of [
      '0000000000000000000000000000000000000000000000000000000000000000',
      '0100000000000000000000000000000000000000000000000000000000000000',
      'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
      '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157',
      'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
      'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
      '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7',
    ]) {
      const key = fromHex(hex);
      expect(decodeWireGuardKey(key), hex).not.toBeNull();
      expect(isWireGuardPublicKey(key), hex).toBe(false);
    }
  });
});

describe('wgQuickConfig', () => {
  const tunnel = {
    address: '10.77.0.5/32',
    peer_public_key: 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=',
    endpoint: 'wg-fra.example.net:51820',
    allowed_ips: '10.78.0.17/32',
  };

  it('routes only the BMC through the provider gateway', () => {
    const text = wgQuickConfig(tunnel, 'YAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'srv-1');
    expect(text).toBe(
      [
        '# srv-1',
        '[Interface]',
        'PrivateKey = YAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=',
        'Address = 10.77.0.5/32',
        '',
        '[Peer]',
        'PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=',
        'Endpoint = wg-fra.example.net:51820',
        'AllowedIPs = 10.78.0.17/32',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
  });

  it('writes a placeholder when the private key is not known, and keeps the name on one line', () => {
    const text = wgQuickConfig(tunnel, null, 'a\nb');
    expect(text).toContain(`PrivateKey = ${PRIVATE_KEY_PLACEHOLDER}`);
    expect(text.split('\n')[0]).toBe('# a b');
  });
});
