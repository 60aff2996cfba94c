/**
 * The `powerdns` DNS driver (issue 15):
 * - PTR records through the PowerDNS Authoritative HTTP API (`<url>/api/v1/servers/<server>`,
 *   header `X-API-Key`). The reverse zone of an address is the longest `in-addr.arpa` or
 *   `ip6.arpa` zone of `GET /zones` that holds its reverse name; setPtr replaces the name's PTR
 *   rrset there (`PATCH /zones/<id>` with `changetype: REPLACE`, the host name fully qualified
 *   with its dot), ptr reads it (`GET /zones/<id>?rrset_name=…&rrset_type=PTR`).
 * - TXT lookups through the DNS protocol with node:dns's Resolver, asking the configured resolvers
 *   (DNS_RESOLVERS; the system's when empty) with the configured timeout and one try each.
 *   NXDOMAIN and NODATA are [], anything else no answer (UNAVAILABLE).
 * Errors: no zone holds the address, 404 and 422 (PowerDNS refused the change) are REFUSED with
 * PowerDNS's text; no answer in time, network errors, 5xx and a refused API key (401/403) are
 * UNAVAILABLE. The API key is never logged nor put in a message.
 */
import { Resolver } from 'node:dns/promises';
import type { NetworkConfig } from '../../network-config.js';
import { DnsError, type DnsDriver } from './dns.js';
import { isLookupName, ptrAddress, ptrHostname, reverseName } from './dns-names.js';

/** The TTL of the PTR records the portal writes, seconds. */
const PTR_TTL = 3600;

interface PdnsZone {
  id: string;
  name: string;
}
interface PdnsRrset {
  name: string;
  type: string;
  ttl?: number;
  records?: Array<{ content: string; disabled?: boolean }>;
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The longest reverse zone whose name holds `reverse` (without trailing dots), or undefined. */
export function reverseZoneOf(zones: PdnsZone[], reverse: string): PdnsZone | undefined {
  return zones
    .filter((z) => /\.(in-addr|ip6)\.arpa\.?$/i.test(z.name))
    .filter((z) => reverse === bare(z.name) || reverse.endsWith(`.${bare(z.name)}`))
    .sort((a, b) => bare(b.name).length - bare(a.name).length)[0];
}

/** The driver's settings from DNS_* and POWERDNS_* (network-config.ts). */
export type PowerDnsConfig = NetworkConfig['dns'];

/** Creates the driver; throws at once when the API's URL or key is missing or unusable (the key never quoted). */
export function createPowerDns(config: PowerDnsConfig): DnsDriver {
  if (!config.powerdnsUrl || !config.powerdnsApiKey)
    throw new Error('the powerdns DNS driver needs POWERDNS_URL and POWERDNS_API_KEY');
  let base: URL;
  try {
    base = new URL(config.powerdnsUrl);
  } catch {
    throw new Error('POWERDNS_URL is not a URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('POWERDNS_URL must be http(s)');
  const key = config.powerdnsApiKey;
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/v1/servers/${encodeURIComponent(config.powerdnsServerId)}`;
  const redact = (text: string) => text.split(key).join('[key]');
  const resolver = new Resolver({ timeout: config.timeoutMs, tries: 1 });
  try {
    if (config.resolvers.length) resolver.setServers(config.resolvers);
  } catch {
    throw new Error('DNS_RESOLVERS must be addresses or address:port ([address]:port for IPv6), comma separated');
  }

  async function api<T>(method: 'GET' | 'PATCH', path: string, body?: unknown): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: { 'X-API-Key': key, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new DnsError(
        'UNAVAILABLE',
        timedOut ? `PowerDNS did not answer within ${config.timeoutMs} ms` : 'PowerDNS could not be reached',
      );
    }
    const text = await res.text().catch(() => '');
    if (res.ok) return text ? (JSON.parse(text) as T) : null;
    let why = text.slice(0, 300);
    try {
      const err = (JSON.parse(text) as { error?: unknown }).error;
      if (typeof err === 'string') why = err;
    } catch {
      // Not JSON: PowerDNS's plain-text answers (e.g. 'Unauthorized') are kept as they are.
    }
    why = redact(why).trim();
    if (res.status === 404 || res.status === 422 || res.status === 400)
      throw new DnsError('REFUSED', `PowerDNS refused ${method} ${path}: ${why || `HTTP ${res.status}`}`);
    if (res.status === 401 || res.status === 403)
      throw new DnsError('UNAVAILABLE', `PowerDNS did not accept the API key (HTTP ${res.status})`);
    throw new DnsError('UNAVAILABLE', `PowerDNS failed: HTTP ${res.status}${why ? ` ${why}` : ''}`);
  }

  async function zoneOf(reverse: string): Promise<PdnsZone | undefined> {
    const zones = (await api<PdnsZone[]>('GET', '/zones')) ?? [];
    return reverseZoneOf(zones, reverse);
  }

  const zonePath = (z: PdnsZone) => `/zones/${encodeURIComponent(z.id)}`;

  return {
    async setPtr(address, hostname) {
      const a = ptrAddress(address);
      const h = ptrHostname(hostname);
      const reverse = reverseName(a);
      const zone = await zoneOf(reverse);
      if (!zone) throw new DnsError('REFUSED', `no reverse zone of this DNS holds ${a}`);
      await api('PATCH', zonePath(zone), {
        rrsets: [
          {
            name: `${reverse}.`,
            type: 'PTR',
            ttl: PTR_TTL,
            changetype: 'REPLACE',
            records: [{ content: `${h}.`, disabled: false }],
          },
        ],
      });
    },

    async ptr(address) {
      const reverse = reverseName(ptrAddress(address));
      const zone = await zoneOf(reverse);
      if (!zone) return null;
      const query = new URLSearchParams({ rrset_name: `${reverse}.`, rrset_type: 'PTR' });
      const z = await api<{ rrsets?: PdnsRrset[] }>('GET', `${zonePath(zone)}?${query}`);
      const set = (z?.rrsets ?? []).find((r) => r.type === 'PTR' && bare(r.name) === reverse);
      const record = set?.records?.find((r) => !r.disabled);
      return record ? bare(record.content) : null;
    },

    async txt(name) {
      const n = isLookupName(name);
      if (n === null) return [];
      try {
        return (await resolver.resolveTxt(n)).map((chunks) => chunks.join(''));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
        throw new DnsError('UNAVAILABLE', `no resolver answered for ${n} (${code ?? 'error'})`);
      }
    },
  };
}
