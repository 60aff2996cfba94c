import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake MikroTik RouterOS v7 REST API on 127.0.0.1 for the `routeros` gateway driver's tests:
 * `/rest/ip/firewall/nat` with GET (filtered by equality on query parameters), PUT (add: answers
 * the new rule), PATCH `/{.id}` (set: answers the rule) and DELETE `/{.id}` (204), every value a
 * string as RouterOS answers, and its refusals: 401 without the right basic auth, 400 `{error,
 * message: 'Bad Request', detail}` for a bad value, 404 `{error, message: 'Not Found'}`.
 */
export interface FakeRouterOs {
  url: string;
  user: string;
  password: string;
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** The NAT rules as stored, in chain order. */
  rules: Array<Record<string, string>>;
  /** Adds a rule by hand (an operator's own); answers its id. */
  addRule(rule: Record<string, string>): string;
  /** The next request is answered with this status and body instead. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

const PORT = /^\d{1,5}(-\d{1,5})?(,\d{1,5}(-\d{1,5})?)*$/;
const V4 = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;

export async function startFakeRouterOs(): Promise<FakeRouterOs> {
  const user = 'portal';
  const password = 'p@ss:word with spaces';
  const rules: Array<Record<string, string>> = [];
  const requests: FakeRouterOs['requests'] = [];
  let nextId = 1;
  let injected: { status: number; body: unknown } | null = null;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(body === null ? '' : JSON.stringify(body));
  };
  const bad = (detail: string) => ({ error: 400, message: 'Bad Request', detail });

  /** RouterOS's checks of a rule's values; the detail text of the first problem, or null. */
  function problem(r: Record<string, string>): string | null {
    if (!['srcnat', 'dstnat'].includes(r.chain ?? '')) return 'failure: chain must be srcnat or dstnat';
    if (r['dst-port'] !== undefined && !['tcp', 'udp'].includes(r.protocol ?? ''))
      return 'failure: dst-port can be used only with tcp, udp, udp-lite, sctp or dccp protocol';
    if (r['dst-port'] !== undefined && !PORT.test(r['dst-port'])) return `value of dst-port out of range (0..65535)`;
    for (const k of ['dst-address', 'to-addresses'])
      if (r[k] !== undefined && !V4.test(r[k])) return `value of ${k} must be IPv4 address`;
    if (r['to-ports'] !== undefined && !PORT.test(r['to-ports'])) return `value of to-ports out of range (0..65535)`;
    return null;
  }

  const stored = (r: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]));

  function addRule(rule: Record<string, string>): string {
    const id = `*${(nextId++).toString(16).toUpperCase()}`;
    rules.push({
      '.id': id,
      bytes: '0',
      packets: '0',
      disabled: 'false',
      dynamic: 'false',
      invalid: 'false',
      log: 'false',
      'log-prefix': '',
      ...rule,
    });
    return id;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`)
        return send(res, 401, { error: 401, message: 'Unauthorized' });
      if (injected) {
        const { status, body: b } = injected;
        injected = null;
        return send(res, status, b);
      }
      const m = /^\/rest\/ip\/firewall\/nat(?:\/([^/]+))?$/.exec(url.pathname);
      if (!m) return send(res, 400, bad('no such command'));
      const id = m[1] === undefined ? null : decodeURIComponent(m[1]);
      const i = id === null ? -1 : rules.findIndex((r) => r['.id'] === id);
      if (req.method === 'GET' && id === null) {
        const filters = [...url.searchParams];
        return send(
          res,
          200,
          rules.filter((r) => filters.every(([k, v]) => r[k] === v)),
        );
      }
      if (id !== null && i < 0) return send(res, 404, { error: 404, message: 'Not Found' });
      if (req.method === 'GET') return send(res, 200, rules[i]);
      if (req.method === 'DELETE') {
        rules.splice(i, 1);
        return send(res, 204, null);
      }
      if (req.method === 'PUT' && id === null) {
        const rule = stored(body ?? {});
        const p = problem(rule);
        if (p) return send(res, 400, bad(p));
        const newId = addRule(rule);
        return send(
          res,
          200,
          rules.find((r) => r['.id'] === newId),
        );
      }
      if (req.method === 'PATCH' && id !== null) {
        const next = { ...rules[i]!, ...stored(body ?? {}) };
        const p = problem(next);
        if (p) return send(res, 400, bad(p));
        rules[i] = next;
        return send(res, 200, next);
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
    rules,
    addRule,
    failNext: (status, body) => void (injected = { status, body }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
