/**
 * VPN servers (issue 17): a cloud server made from the `wireguard` image, whose WireGuard interface
 * the portal configures. The server is 10.99.0.1 and fd99::1 inside its tunnel; each peer gets one
 * host number N (2 to 254) and with it 10.99.0.N/32 and fd99::N/128 (N in hex, as IPv6 writes it).
 * The server's side (its wg0.conf, written into the guest by the worker) and each peer's side (the
 * wg-quick file the customer downloads) are built here, so the server, the browser and the tests
 * agree on every line.
 */
import { wgQuickConfig, type WireGuardTunnel } from './wireguard';

/** The system image of a VPN server (images.ts): a cloud server with this image is one. */
export const VPN_IMAGE_ID = 'wireguard';
/** The UDP port the server listens on. */
export const VPN_LISTEN_PORT = 51820;
/** At most this many peers per server. */
export const VPN_PEERS_MAX = 50;
/** The interface the portal manages, and the file wg-quick reads it from. */
export const VPN_INTERFACE = 'wg0';
export const VPN_CONFIG_PATH = '/etc/wireguard/wg0.conf';
/** The server's own addresses inside the tunnel. */
export const VPN_SERVER_ADDRESSES = { ipv4: '10.99.0.1/24', ipv6: 'fd99::1/64' } as const;
/**
 * The resolvers a peer uses while the tunnel is up (Quad9, which keeps no client addresses): the
 * peer's whole traffic goes through the tunnel, and a resolver of its home network would not answer there.
 */
export const VPN_DNS = '9.9.9.9, 2620:fe::fe';
/** The host numbers peers are given, lowest free first (1 is the server, 255 the broadcast). */
export const VPN_PEER_HOSTS = { first: 2, last: 254 } as const;
/** What a peer routes through the tunnel: everything. */
export const VPN_ALLOWED_IPS = '0.0.0.0/0, ::/0';

/** A peer's name: 1 to 32 letters, digits, dots, hyphens and underscores, starting with a letter or digit. */
export const VPN_PEER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
export const VPN_PEER_NAME_MAX = 32;

/** A peer's tunnel addresses, from its host number. */
export function vpnPeerAddresses(host: number): { ipv4: string; ipv6: string } {
  if (!Number.isInteger(host) || host < VPN_PEER_HOSTS.first || host > VPN_PEER_HOSTS.last)
    throw new RangeError(`a VPN peer's host number is ${VPN_PEER_HOSTS.first} to ${VPN_PEER_HOSTS.last}`);
  return { ipv4: `10.99.0.${host}`, ipv6: `fd99::${host.toString(16)}` };
}

/** The lowest host number not in `used`, or null when every one is taken. */
export function vpnFreeHost(used: Iterable<number>): number | null {
  const taken = new Set(used);
  for (let h: number = VPN_PEER_HOSTS.first; h <= VPN_PEER_HOSTS.last; h++) if (!taken.has(h)) return h;
  return null;
}

/** Where peers reach the server: its public IPv4 address, else its IPv6 one (in brackets), on the WireGuard port. */
export function vpnEndpoint(ipv4: string | null, ipv6: string | null): string | null {
  if (ipv4) return `${ipv4}:${VPN_LISTEN_PORT}`;
  if (ipv6) return `[${ipv6}]:${VPN_LISTEN_PORT}`;
  return null;
}

/** A peer as the server's configuration names it. */
export interface VpnServerPeer {
  name: string;
  public_key: string;
  host: number;
}

/**
 * The server's wg0.conf: its private key, port and tunnel addresses, then one [Peer] per peer (by
 * host number) with its public key and its two addresses as AllowedIPs. The comment lines name the
 * server and each peer (names are plain: see VPN_PEER_NAME_PATTERN); wg-quick ignores them.
 */
export function vpnServerConfig(input: { server: string; privateKey: string; peers: readonly VpnServerPeer[] }): string {
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
  const lines = [
    `# ${oneLine(input.server)}: written by Portside, changes made here are replaced`,
    '[Interface]',
    `PrivateKey = ${input.privateKey}`,
    `ListenPort = ${VPN_LISTEN_PORT}`,
    `Address = ${VPN_SERVER_ADDRESSES.ipv4}, ${VPN_SERVER_ADDRESSES.ipv6}`,
  ];
  for (const p of [...input.peers].sort((a, b) => a.host - b.host)) {
    const a = vpnPeerAddresses(p.host);
    lines.push('', `# ${oneLine(p.name)}`, '[Peer]', `PublicKey = ${p.public_key}`, `AllowedIPs = ${a.ipv4}/32, ${a.ipv6}/128`);
  }
  return `${lines.join('\n')}\n`;
}

/** What a peer's configuration is made of: the server's key and endpoint, the peer's addresses. */
export function vpnPeerTunnel(
  server: { public_key: string; endpoint: string },
  peer: { address_v4: string; address_v6: string },
): WireGuardTunnel {
  return {
    address: `${peer.address_v4}/32, ${peer.address_v6}/128`,
    dns: VPN_DNS,
    peer_public_key: server.public_key,
    endpoint: server.endpoint,
    allowed_ips: VPN_ALLOWED_IPS,
  };
}

/**
 * The peer's wg-quick file: its private key when the browser made it (it never leaves the
 * browser), the contract's placeholder otherwise; the first line names server and peer.
 */
export function vpnPeerConfig(
  server: { name: string; public_key: string; endpoint: string },
  peer: { name: string; address_v4: string; address_v6: string },
  privateKey?: string | null,
): string {
  return wgQuickConfig(vpnPeerTunnel(server, peer), privateKey, `${server.name} - ${peer.name}`);
}

/** The download's file name, `<server>-<peer>.conf`, with anything but letters, digits, dot, hyphen and underscore as '-'. */
export function vpnConfigFileName(server: string, peer: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
  return `${clean(server) || 'vpn'}-${clean(peer) || 'peer'}.conf`;
}
