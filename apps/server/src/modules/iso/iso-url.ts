/**
 * Where an ISO download may go (SSRF, issue 13): http or https to a public address only. The
 * address is checked after DNS resolution and the connection is made to that checked address, so
 * a name that resolves to a private address (or changes its answer between two lookups) cannot
 * reach the portal's own network. Loopback and private ranges are allowed only by the test setting
 * ISO_ALLOW_PRIVATE_URLS, which a production process refuses.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

/** Ranges no download may reach: this host, private networks, link-local, carrier NAT, multicast, reserved. */
const BLOCKED = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const)
  BLOCKED.addSubnet(addr, prefix, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is one a download may not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

/** Why a URL is refused: its form, or the address its host stands for. */
export class UrlRefused extends Error {
  constructor(
    readonly reason: 'form' | 'address',
    readonly host: string,
  ) {
    super(reason === 'form' ? 'only http and https URLs can be downloaded' : `the address of ${host} is not public`);
    this.name = 'UrlRefused';
  }
}

/** A URL checked for download: the address to connect to (with its family) and the host for TLS and the Host header. */
export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Checks `raw` and resolves its host to one address it may reach; throws {@link UrlRefused}. */
export async function checkDownloadUrl(raw: string, allowPrivate: boolean): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('form', '');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new UrlRefused('form', url.hostname);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  const answers = literal
    ? [{ address: host, family: literal }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new UrlRefused('address', host);
      });
  // Every answer must be public: otherwise a name could point at both and win a race.
  if (!answers.length || (!allowPrivate && answers.some((a) => isBlockedAddress(a.address))))
    throw new UrlRefused('address', host);
  const first = answers[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
