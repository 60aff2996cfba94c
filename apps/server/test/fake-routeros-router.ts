import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake MikroTik RouterOS v7 REST API on 127.0.0.1 for the `routeros` router driver's tests, with
 * the shapes the real one answers (every value a string, `.id` as *N in hex): `GET /rest/ip/address`,
 * `GET /rest/ip/arp`, and `/rest/ip/dhcp-server/lease` with GET, PUT (add), PATCH and DELETE
 * `/{.id}`, and `POST .../make-static {.id}`; its refusals: 401 `{error, message: 'Unauthorized'}`
 * without the right basic auth, 400 `{error, message: 'Bad Request', detail}` for a bad value or a
 * duplicate static lease, 404 `{error, message: 'Not Found'}`. Modes: 'hang' never answers, '503'
 * answers that it cannot serve, 'refuse-writes' refuses every change with a 400.
 */
export interface FakeRouterOsRouter {
  url: string;
  user: string;
  password: string;
  requests: Array<{ method: string; path: string; body: unknown }>;
  leases: Array<Record<string, string>>;
  setMode(mode: 'ok' | 'hang' | '503' | 'refuse-writes'): void;
  close(): Promise<void>;
}

export interface FakeRouterSpec {
  addresses: Array<{ address: string; interface: string }>;
  arp: Array<{ address: string; mac: string | null; interface: string; status: string; dynamic?: boolean }>;
  leases: Array<{ address: string; mac: string; comment?: string; dynamic: boolean }>;
}

const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
const V4 = /^(\d{1,3}\.){3}\d{1,3}$/;

export async function startFakeRouterOsRouter(spec: FakeRouterSpec, password = 'r0uter:p@ss word'): Promise<FakeRouterOsRouter> {
  const user = 'portside';
  let mode: 'ok' | 'hang' | '503' | 'refuse-writes' = 'ok';
  let nextId = 1;
  const id = () => `*${(nextId++).toString(16).toUpperCase()}`;
  const requests: FakeRouterOsRouter['requests'] = [];
  const addresses = spec.addresses.map((a) => ({
    '.id': id(),
    address: a.address,
    network: a.address.replace(/\.\d+\/\d+$/, '.0'),
    interface: a.interface,
    'actual-interface': a.interface,
    disabled: 'false',
    dynamic: 'false',
    invalid: 'false',
  }));
  // An IPv6-looking entry and a disabled one the driver must leave out.
  addresses.push({ ...addresses[0]!, '.id': id(), address: '192.0.2.1/24', disabled: 'true', network: '192.0.2.0' });
  const arp = spec.arp.map((a) => ({
    '.id': id(),
    address: a.address,
    ...(a.mac ? { 'mac-address': a.mac } : {}),
    interface: a.interface,
    status: a.status === 'permanent' ? '' : a.status,
    dynamic: String(a.dynamic ?? true),
    complete: String(a.mac !== null),
    disabled: 'false',
    invalid: 'false',
    published: 'false',
    DHCP: 'false',
  }));
  const leaseItem = (l: { address: string; mac: string; comment?: string; dynamic: boolean }) => ({
    '.id': id(),
    address: l.address,
    'mac-address': l.mac,
    'client-id': `1:${l.mac.toLowerCase()}`,
    server: 'dhcp1',
    status: 'bound',
    dynamic: String(l.dynamic),
    disabled: 'false',
    blocked: 'false',
    'last-seen': '2m10s',
    ...(l.comment ? { comment: l.comment } : {}),
  });
  const leases: Array<Record<string, string>> = spec.leases.map(leaseItem);

  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(body === null ? '' : JSON.stringify(body));
  const bad = (detail: string) => ({ error: 400, message: 'Bad Request', detail });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, string> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, string>) : null;
      } catch {
        return send(res, 400, bad('JSON parse error'));
      }
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, body });
      if (mode === 'hang') return; // never answers
      if (req.headers.authorization !== `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`)
        return send(res, 401, { error: 401, message: 'Unauthorized' });
      if (mode === '503') return send(res, 503, { error: 503, message: 'Service Unavailable' });
      if (method !== 'GET' && mode === 'refuse-writes') return send(res, 400, bad('failure: not enough permissions'));
      const p = url.pathname;
      if (method === 'GET' && p === '/rest/ip/address') return send(res, 200, addresses);
      if (method === 'GET' && p === '/rest/ip/arp') return send(res, 200, arp);
      if (method === 'GET' && p === '/rest/ip/dhcp-server/lease') return send(res, 200, leases);
      if (method === 'POST' && p === '/rest/ip/dhcp-server/lease/make-static') {
        const l = leases.find((x) => x['.id'] === (body?.['.id'] ?? body?.numbers));
        if (!l) return send(res, 400, bad('no such item'));
        if (l.dynamic === 'false') return send(res, 400, bad('failure: lease is already static'));
        l.dynamic = 'false';
        return send(res, 200, []);
      }
      if (method === 'PUT' && p === '/rest/ip/dhcp-server/lease') {
        const mac = body?.['mac-address'] ?? '';
        const address = body?.address ?? '';
        if (!MAC.test(mac)) return send(res, 400, bad('invalid value for argument mac-address'));
        if (!V4.test(address)) return send(res, 400, bad('invalid value for argument address'));
        if (leases.some((l) => l.dynamic === 'false' && (l['mac-address'] === mac || l.address === address)))
          return send(res, 400, bad('failure: already have static lease with this client-id or mac-address'));
        const made = { ...leaseItem({ address, mac, comment: body?.comment ?? '', dynamic: false }), status: 'waiting' };
        leases.push(made);
        return send(res, 201, made);
      }
      const m = /^\/rest\/ip\/dhcp-server\/lease\/([^/]+)$/.exec(p);
      if (m) {
        const i = leases.findIndex((l) => l['.id'] === decodeURIComponent(m[1]!));
        if (i < 0) return send(res, 404, { error: 404, message: 'Not Found' });
        if (method === 'DELETE') {
          leases.splice(i, 1);
          return send(res, 204, null);
        }
        if (method === 'PATCH') {
          leases[i] = { ...leases[i]!, ...Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])) };
          return send(res, 200, leases[i]);
        }
        if (method === 'GET') return send(res, 200, leases[i]);
      }
      return send(res, 400, bad('no such command or directory'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    user,
    password,
    requests,
    leases,
    setMode: (m) => void (mode = m),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
