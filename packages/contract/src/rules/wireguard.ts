/**
 * WireGuard for IPMI access (issue 17): the check of a customer's public key and the wg-quick
 * configuration of the customer's side of the tunnel. A WireGuard key is a Curve25519 point, sent
 * as 44 characters of standard base64 (32 bytes). Keys that are not canonical base64, or that are
 * one of the points of small order (which would make every shared secret predictable), are refused.
 */

const KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/**
 * The u-coordinates of small order on Curve25519 (0, 1, the two points of order 8, p-1, p and p+1),
 * each also with the unused top bit set, hex little-endian as on the wire.
 */
const SMALL_ORDER = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
  '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
];
const SMALL_ORDER_SET = new Set(
  SMALL_ORDER.flatMap((hex) => [hex, hex.slice(0, 62) + (parseInt(hex.slice(62), 16) | 0x80).toString(16).padStart(2, '0')]),
);

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The 32 bytes of a key in wire form, or null when the text is not one. */
export function decodeWireGuardKey(text: string): Uint8Array | null {
  if (typeof text !== 'string' || !KEY_PATTERN.test(text)) return null;
  const binary = atob(text);
  if (binary.length !== 32) return null;
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether `text` is a WireGuard public key that can be used (canonical, not of small order). */
export function isWireGuardPublicKey(text: string): boolean {
  const bytes = decodeWireGuardKey(text);
  return bytes !== null && !SMALL_ORDER_SET.has(toHex(bytes));
}

/**
 * What the customer's side of a tunnel needs: the ipmi_tunnel of ServerStats, or a VPN server's
 * peer (rules/vpn.ts), which also names the resolvers to use inside the tunnel.
 */
export interface WireGuardTunnel {
  address: string;
  peer_public_key: string;
  endpoint: string;
  allowed_ips: string;
  /** wg-quick's DNS line (resolvers, comma separated); left out when absent. */
  dns?: string | null;
}

/** The placeholder written where the customer's private key goes when the portal does not know it. */
export const PRIVATE_KEY_PLACEHOLDER = '<paste your private key here>';

/**
 * The wg-quick configuration of the customer's side: their key and tunnel address (and resolvers,
 * when the tunnel names them), the far end as the one peer, and what is routed through it (the
 * BMC's address for IPMI access, everything for a VPN server). The private key is written
 * only when the browser made it (it never leaves the browser); otherwise a placeholder stands.
 */
export function wgQuickConfig(tunnel: WireGuardTunnel, privateKey?: string | null, name?: string): string {
  return [
    ...(name ? [`# ${name.replace(/[\r\n]/g, ' ')}`] : []),
    '[Interface]',
    `PrivateKey = ${privateKey || PRIVATE_KEY_PLACEHOLDER}`,
    `Address = ${tunnel.address}`,
    ...(tunnel.dns ? [`DNS = ${tunnel.dns}`] : []),
    '',
    '[Peer]',
    `PublicKey = ${tunnel.peer_public_key}`,
    `Endpoint = ${tunnel.endpoint}`,
    `AllowedIPs = ${tunnel.allowed_ips}`,
    'PersistentKeepalive = 25',
    '',
  ].join('\n');
}
