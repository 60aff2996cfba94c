/**
 * The `routeros` gateway driver (issue 15): port forwards as destination NAT rules on a MikroTik
 * RouterOS v7 router through its REST API (`<url>/rest/ip/firewall/nat`, HTTP basic auth):
 * `chain=dstnat action=dst-nat dst-address=<gateway> protocol=<tcp|udp> dst-port=<external>
 * to-addresses=<target> to-ports=<port> comment=portside:<comment>`. Only rules of the dstnat chain
 * whose comment starts with `portside:` and whose dst-address is the gateway are the portal's;
 * every other rule is left alone. setForwards checks the whole batch first (forward-rules.ts),
 * then removes the portal's rules that are no longer wanted (`DELETE /{.id}`), changes the ones
 * that differ (`PATCH /{.id}`) and adds the missing (`PUT`, appended to the chain). RouterOS's
 * `ip/firewall/nat` is IPv4 only, so an IPv6 gateway is refused.
 * Errors: 400 (RouterOS refused a value) is REFUSED with its detail; no answer in time, network
 * errors, 5xx and refused credentials (401/403) are UNAVAILABLE. The password is never logged nor
 * put in a message. A router with a self-signed certificate is trusted through NODE_EXTRA_CA_CERTS.
 */
import type { NetworkConfig } from '../../network-config.js';
import { byProtocolAndPort, checkForwards, gatewayAddress } from './forward-rules.js';
import { GatewayError, type GatewayDriver, type GatewayForward } from './gateway.js';

/** The comment prefix that marks a rule as the portal's. */
export const PORTAL_MARK = 'portside:';

/** A NAT rule as the REST API answers it (every value a string). */
type NatRule = Record<string, string | undefined> & { '.id': string };

/** The driver's settings (network-config.ts), plus how long one API call may take. */
export type RouterOsConfig = NetworkConfig['gateway'] & { timeoutMs?: number };

/** The rule's fields as the portal writes them for `forward` on `gateway`. */
function ruleOf(gateway: string, f: GatewayForward): Record<string, string> {
  return {
    chain: 'dstnat',
    action: 'dst-nat',
    'dst-address': gateway,
    protocol: f.protocol,
    'dst-port': String(f.externalPort),
    'to-addresses': f.target,
    'to-ports': String(f.targetPort),
    comment: `${PORTAL_MARK}${f.comment}`,
    disabled: 'false',
  };
}

/** A portal rule read back as a forward, or null when it is no forward the portal could have written. */
function forwardOf(r: NatRule): GatewayForward | null {
  const externalPort = Number(r['dst-port']);
  const targetPort = Number(r['to-ports']);
  if ((r.protocol !== 'tcp' && r.protocol !== 'udp') || !Number.isInteger(externalPort) || !Number.isInteger(targetPort))
    return null;
  return {
    protocol: r.protocol,
    externalPort,
    target: r['to-addresses'] ?? '',
    targetPort,
    comment: (r.comment ?? '').slice(PORTAL_MARK.length),
  };
}

/** Creates the driver; throws at once when the URL or credentials are missing or unusable (never quoting the password). */
export function createRouterOsGateway(config: RouterOsConfig): GatewayDriver {
  if (!config.routerosUrl || !config.routerosUser || !config.routerosPassword)
    throw new Error('the routeros gateway driver needs ROUTEROS_URL, ROUTEROS_USER and ROUTEROS_PASSWORD');
  let base: URL;
  try {
    base = new URL(config.routerosUrl);
  } catch {
    throw new Error('ROUTEROS_URL is not a URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('ROUTEROS_URL must be http(s)');
  const password = config.routerosPassword;
  const authorization = `Basic ${Buffer.from(`${config.routerosUser}:${password}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const nat = `${base.origin}${base.pathname.replace(/\/+$/, '').replace(/\/rest$/, '')}/rest/ip/firewall/nat`;
  const redact = (text: string) => text.split(password).join('[password]');

  async function call<T>(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${nat}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new GatewayError(
        'UNAVAILABLE',
        timedOut ? `the gateway did not answer within ${timeoutMs} ms` : 'the gateway could not be reached',
      );
    }
    const text = await res.text().catch(() => '');
    if (res.ok) return text ? (JSON.parse(text) as T) : null;
    let why = text.slice(0, 300);
    try {
      const e = JSON.parse(text) as { message?: unknown; detail?: unknown };
      why = [e.message, e.detail].filter((x): x is string => typeof x === 'string').join(': ') || why;
    } catch {
      // Not JSON: the text is kept as it is.
    }
    why = redact(why).trim();
    if (res.status === 400) throw new GatewayError('REFUSED', `the gateway refused the forward: ${why}`);
    if (res.status === 401 || res.status === 403)
      throw new GatewayError('UNAVAILABLE', `the gateway did not accept the user (HTTP ${res.status})`);
    if (res.status === 404 && method === 'DELETE') return null; // gone already
    throw new GatewayError('UNAVAILABLE', `the gateway failed: HTTP ${res.status}${why ? ` ${why}` : ''}`);
  }

  /** The portal's rules on `gateway`. */
  async function portalRules(gateway: string): Promise<NatRule[]> {
    const all = (await call<NatRule[]>('GET', `?${new URLSearchParams({ chain: 'dstnat', 'dst-address': gateway })}`)) ?? [];
    return all.filter((r) => r.chain === 'dstnat' && r['dst-address'] === gateway && (r.comment ?? '').startsWith(PORTAL_MARK));
  }

  const ipv4Only = (gateway: string) => {
    if (gateway.includes(':')) throw new GatewayError('REFUSED', `gateway ${gateway}: RouterOS forwards IPv4 only`);
  };

  return {
    async forwards(gateway) {
      const g = gatewayAddress(gateway);
      ipv4Only(g);
      return (await portalRules(g))
        .map(forwardOf)
        .filter((f): f is GatewayForward => f !== null)
        .sort(byProtocolAndPort);
    },

    async setForwards(gateway, forwards) {
      const g = gatewayAddress(gateway);
      ipv4Only(g);
      const wanted = checkForwards(g, forwards);
      const key = (protocol: string | undefined, port: string | number | undefined) => `${protocol}/${port}`;
      const wantedKeys = new Set(wanted.map((f) => key(f.protocol, f.externalPort)));
      const existing = new Map<string, NatRule>();
      const extra: NatRule[] = [];
      for (const r of await portalRules(g)) {
        const k = key(r.protocol, r['dst-port']);
        if (!wantedKeys.has(k) || existing.has(k)) extra.push(r);
        else existing.set(k, r);
      }
      for (const r of extra) await call('DELETE', `/${encodeURIComponent(r['.id'])}`);
      for (const f of wanted) {
        const want = ruleOf(g, f);
        const have = existing.get(key(f.protocol, f.externalPort));
        if (!have) await call('PUT', '', want);
        else if (Object.entries(want).some(([k, v]) => have[k] !== v))
          await call('PATCH', `/${encodeURIComponent(have['.id'])}`, want);
      }
    },
  };
}
