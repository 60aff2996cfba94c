/**
 * The `routeros` router driver (issue 18): a MikroTik RouterOS v7 router through its REST API
 * (`<url>/rest/...`, HTTP basic auth, HTTPS with the router's own certificate or CA trusted):
 * subnets from `GET /rest/ip/address`, the ARP table from `GET /rest/ip/arp`, DHCP leases from
 * `GET /rest/ip/dhcp-server/lease`; a reservation is `POST .../lease/make-static {.id}` (then the
 * comment is set with `PATCH .../lease/{.id}`) for the device's own dynamic lease, otherwise
 * other dynamic leases of the MAC or address are removed (`DELETE .../lease/{.id}`) and a static
 * lease is added (`PUT .../lease`); release is `DELETE`, a comment `PATCH`.
 * Errors: no answer within the time-out, network errors and 5xx are UNAVAILABLE; 401/403 AUTH;
 * 400 (RouterOS refused a value) REFUSED with its detail; 404 NOT_FOUND. The password is never
 * logged nor put in a message; the router's address is cut out of messages too.
 */
import { Agent, fetch, type Response } from 'undici';
import { ARP_STATUSES, type ArpStatus } from '@portside/contract/schemas/routers';
import { macOf, RouterError, type RouterArpEntry, type RouterDriver, type RouterLease, type RouterRecord } from './router.js';

/** How a routeros driver talks. */
export interface RouterOsOptions {
  /** How long one API call may take, ms (default 10 s). */
  timeoutMs?: number;
}

/** A RouterOS REST item: every value a string. */
type Item = Record<string, string | undefined> & { '.id': string };

const bool = (v: string | undefined) => v === 'true' || v === 'yes';
const byAddress = (a: { address: string }, b: { address: string }) => ipNum(a.address) - ipNum(b.address);
function ipNum(a: string): number {
  return a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

/** '185.66.10.1/24' → { address: '185.66.10.1', network: '185.66.10.0/24' }, or null (IPv6, malformed). */
export function subnetOf(cidr: string): { address: string; network: string } | null {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr);
  if (!m) return null;
  const prefix = Number(m[2]);
  if (prefix > 32) return null;
  const n = ipNum(m[1]!);
  const size = 2 ** (32 - prefix);
  const base = n - (n % size);
  const text = [24, 16, 8, 0].map((s) => Math.floor(base / 2 ** s) % 256).join('.');
  return { address: m[1]!, network: `${text}/${prefix}` };
}

/** Creates the driver; throws UNAVAILABLE at once when the address is not an http(s) URL. */
export function createRouterOsRouter(
  record: Pick<RouterRecord, 'address' | 'username' | 'password' | 'caPem'>,
  options: RouterOsOptions = {},
): RouterDriver & { close(): Promise<void> } {
  let base: URL;
  try {
    base = new URL(record.address);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new RouterError('UNAVAILABLE', 'the router address is not an http(s) URL');
  }
  const rest = `${base.origin}${base.pathname.replace(/\/+$/, '').replace(/\/rest$/, '')}/rest`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${record.username}:${record.password}`).toString('base64')}`;
  let agent: Agent | null = null;
  const dispatcher = () =>
    (agent ??= new Agent({
      keepAliveTimeout: 5_000,
      connections: 2,
      ...(record.caPem ? { connect: { ca: record.caPem } } : {}),
    }));
  const redact = (t: string) =>
    [record.password, base.host, base.hostname]
      .filter((s) => s.length > 0)
      .reduce((x, s) => x.split(s).join(s === record.password ? '[password]' : '[router]'), t);

  async function call<T>(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', path: string, body?: unknown): Promise<T | null> {
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${rest}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        dispatcher: dispatcher(),
        signal,
      });
      text = await res.text();
    } catch (e) {
      const name = e instanceof Error ? e.name : '';
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new RouterError('UNAVAILABLE', `the router did not answer ${method} ${path} within ${timeoutMs} ms`);
      const cause = (e as { cause?: { message?: unknown } }).cause;
      const why = typeof cause?.message === 'string' ? cause.message : e instanceof Error ? e.message : 'unknown error';
      throw new RouterError('UNAVAILABLE', `the router could not be reached (${redact(why)})`);
    }
    if (res.status >= 200 && res.status < 300) {
      if (!text) return null;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new RouterError('UNAVAILABLE', `the router answered ${method} ${path} with something that is not JSON`);
      }
    }
    let why = text.slice(0, 300);
    try {
      const e = JSON.parse(text) as { message?: unknown; detail?: unknown };
      why = [e.message, e.detail].filter((x): x is string => typeof x === 'string').join(': ') || why;
    } catch {
      // Not JSON: the text is kept as it is.
    }
    why = redact(why).trim();
    if (res.status === 401 || res.status === 403)
      throw new RouterError('AUTH', `the router did not accept the login of user '${record.username}' (HTTP ${res.status})`);
    if (res.status === 400) throw new RouterError('REFUSED', `the router refused it: ${why}`);
    if (res.status === 404) throw new RouterError('NOT_FOUND', `the router has no ${path}`);
    throw new RouterError('UNAVAILABLE', `the router failed: HTTP ${res.status}${why ? ` ${why}` : ''}`);
  }

  const list = async (path: string) => {
    const items = await call<Item[]>('GET', path);
    if (!Array.isArray(items)) throw new RouterError('UNAVAILABLE', `the router answered GET ${path} without a list`);
    return items;
  };

  const leaseOf = (i: Item): RouterLease => ({
    id: i['.id'],
    address: i.address ?? i['active-address'] ?? '',
    mac: macOf(i['mac-address'] ?? i['active-mac-address'] ?? ''),
    comment: i.comment ?? '',
    static: !bool(i.dynamic),
  });

  async function leases(): Promise<RouterLease[]> {
    return (await list('/ip/dhcp-server/lease'))
      .map(leaseOf)
      .filter((l) => l.address !== '' && l.mac !== '')
      .sort(byAddress);
  }

  async function staticLease(mac: string): Promise<RouterLease> {
    const l = (await leases()).find((x) => x.static && x.mac === macOf(mac));
    if (!l) throw new RouterError('NOT_FOUND', `no static lease of MAC ${macOf(mac)}`);
    return l;
  }
  const at = (id: string) => `/ip/dhcp-server/lease/${encodeURIComponent(id)}`;

  return {
    async addresses() {
      return (await list('/ip/address'))
        .filter((i) => !bool(i.disabled) && !bool(i.invalid))
        .flatMap((i) => {
          const s = subnetOf(i.address ?? '');
          return s ? [{ ...s, interface: i.interface ?? '' }] : [];
        })
        .sort(byAddress);
    },

    async arp() {
      return (await list('/ip/arp'))
        .filter((i) => /^\d{1,3}(\.\d{1,3}){3}$/.test(i.address ?? ''))
        .map((i): RouterArpEntry => {
          const dynamic = bool(i.dynamic);
          const raw = (i.status ?? '') as ArpStatus;
          const status: ArpStatus = !dynamic
            ? 'permanent'
            : ARP_STATUSES.includes(raw)
              ? raw
              : bool(i.complete)
                ? 'reachable'
                : 'incomplete';
          return {
            address: i.address!,
            mac: i['mac-address'] ? macOf(i['mac-address']) : null,
            interface: i.interface ?? '',
            status,
            dynamic,
          };
        })
        .sort(byAddress);
    },

    leases,

    async reserve(r) {
      const mac = macOf(r.mac);
      const all = await leases();
      const taken = all.find((l) => l.static && (l.mac === mac || l.address === r.address));
      if (taken)
        throw new RouterError(
          'REFUSED',
          `a static lease holds ${taken.mac === mac ? `MAC ${mac}` : `address ${r.address}`} already`,
        );
      const same = all.find((l) => l.mac === mac && l.address === r.address);
      if (same) {
        await call('POST', '/ip/dhcp-server/lease/make-static', { '.id': same.id });
        await call('PATCH', at(same.id), { comment: r.comment });
        return { ...same, static: true, comment: r.comment };
      }
      for (const l of all) if (l.mac === mac || l.address === r.address) await call('DELETE', at(l.id));
      const made = await call<Item>('PUT', '/ip/dhcp-server/lease', {
        address: r.address,
        'mac-address': mac,
        comment: r.comment,
      });
      if (!made || typeof made['.id'] !== 'string')
        throw new RouterError('UNAVAILABLE', 'the router did not answer the new lease');
      return { ...leaseOf(made), static: true };
    },

    async release(mac) {
      const l = await staticLease(mac);
      await call('DELETE', at(l.id));
    },

    async setComment(mac, comment) {
      const l = await staticLease(mac);
      await call('PATCH', at(l.id), { comment });
    },

    async close() {
      const a = agent;
      agent = null;
      await a?.close().catch(() => undefined);
    },
  };
}
