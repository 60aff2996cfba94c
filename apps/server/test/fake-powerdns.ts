import crypto from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/**
 * A fake PowerDNS Authoritative HTTP API on 127.0.0.1 for the `powerdns` DNS driver's tests:
 * `GET /api/v1/servers/{id}/zones`, `GET .../zones/{zone}` (rrsets, filtered by `rrset_name` and
 * `rrset_type`) and `PATCH .../zones/{zone}` with `changetype` REPLACE or DELETE (204), with the
 * API's refusals: 401 'Unauthorized' without the right `X-API-Key`, 404 `{"error": "Could not
 * find domain ..."}`, 422 for a name out of the zone or a record content not in the expected form.
 */
export interface FakePowerDns {
  url: string;
  apiKey: string;
  /** Every request: method, path with query, body. */
  requests: Array<{ method: string; path: string; body: unknown; apiKey: string | undefined }>;
  /** The zone's rrsets as stored. */
  rrsets(
    zone: string,
  ): Array<{ name: string; type: string; ttl: number; records: Array<{ content: string; disabled: boolean }> }>;
  /** The next request is answered with this status and body instead. */
  failNext(status: number, body: string): void;
  /** Requests are answered this late from now on, ms. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

type Rrset = ReturnType<FakePowerDns['rrsets']>[number];

export async function startFakePowerDns(zoneNames: string[], serverId = 'localhost'): Promise<FakePowerDns> {
  const apiKey = crypto.randomBytes(12).toString('hex');
  const zones = new Map<string, Rrset[]>(
    zoneNames.map((z) => [
      z,
      [
        {
          name: z,
          type: 'SOA',
          ttl: 3600,
          records: [{ content: `ns1.example.net. hostmaster.example.net. 1 10800 3600 604800 3600`, disabled: false }],
        },
      ],
    ]),
  );
  const requests: FakePowerDns['requests'] = [];
  let injected: { status: number; body: string } | null = null;
  let delayMs = 0;
  const prefix = `/api/v1/servers/${serverId}`;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' }).end(text);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => handle(req, res, Buffer.concat(chunks).toString('utf8')), delayMs);
    });
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const givenKey = req.headers['x-api-key'] as string | undefined;
    const body = raw ? (JSON.parse(raw) as unknown) : null;
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body, apiKey: givenKey });
    if (givenKey !== apiKey) return send(res, 401, 'Unauthorized');
    if (injected) {
      const { status, body: b } = injected;
      injected = null;
      return send(res, status, b.startsWith('{') ? JSON.parse(b) : b);
    }
    if (req.method === 'GET' && url.pathname === `${prefix}/zones`)
      return send(
        res,
        200,
        [...zones.keys()].map((z) => ({ id: z, name: z, kind: 'Native', url: `${prefix}/zones/${z}`, serial: 1, dnssec: false })),
      );
    const m = new RegExp(`^${prefix}/zones/([^/]+)$`).exec(url.pathname);
    const zone = m ? decodeURIComponent(m[1]!) : null;
    const sets = zone === null ? undefined : zones.get(zone);
    if (!sets) return send(res, 404, { error: `Could not find domain '${zone}'` });
    if (req.method === 'GET') {
      const name = url.searchParams.get('rrset_name');
      const type = url.searchParams.get('rrset_type');
      return send(res, 200, {
        id: zone,
        name: zone,
        kind: 'Native',
        rrsets: sets.filter((s) => (!name || s.name === name) && (!type || s.type === type)),
      });
    }
    if (req.method !== 'PATCH') return send(res, 405, { error: 'Method not allowed' });
    for (const change of (body as { rrsets: Array<Rrset & { changetype: string }> }).rrsets) {
      if (!change.name.endsWith(`.${zone}`) && change.name !== zone)
        return send(res, 422, { error: `RRset ${change.name} IN ${change.type}: Name is out of zone` });
      for (const r of change.records ?? [])
        if (change.type === 'PTR' && !/^([a-z0-9-]+\.)+$/i.test(r.content))
          return send(res, 422, {
            error: `Record ${change.name}/PTR '${r.content}': Not in expected format (parsed as '${r.content}.')`,
          });
    }
    for (const change of (body as { rrsets: Array<Rrset & { changetype: string }> }).rrsets) {
      const i = sets.findIndex((s) => s.name === change.name && s.type === change.type);
      if (i >= 0) sets.splice(i, 1);
      if (change.changetype === 'REPLACE')
        sets.push({ name: change.name, type: change.type, ttl: change.ttl, records: change.records });
    }
    return send(res, 204, null);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    requests,
    rrsets: (zone) => zones.get(zone) ?? [],
    failNext: (status, body) => void (injected = { status, body }),
    setDelay: (ms) => void (delayMs = ms),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the fake DNS server answers for a name: TXT records (each a list of strings), NODATA, SERVFAIL, or silence. */
export type FakeDnsAnswer = { txt: string[][] } | 'nodata' | 'servfail' | 'silent';

/**
 * A tiny DNS server over UDP on 127.0.0.1: TXT questions for the names it knows get their records,
 * NODATA, SERVFAIL or no answer at all; other names NXDOMAIN.
 */
export async function startFakeDnsServer(
  names: Record<string, FakeDnsAnswer>,
): Promise<{ address: string; questions: string[]; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const q = dnsPacket.decode(msg);
    const question = q.questions?.[0];
    if (!question) return;
    questions.push(`${question.type} ${question.name}`);
    const answer = names[question.name.toLowerCase()];
    if (answer === 'silent') return;
    const rcode = answer === undefined ? 'NXDOMAIN' : answer === 'servfail' ? 'SERVFAIL' : 'NOERROR';
    const answers =
      typeof answer === 'object' && question.type === 'TXT'
        ? answer.txt.map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 60, class: 'IN' as const, data }))
        : [];
    const out = dnsPacket.encode({
      type: 'response',
      id: q.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcodeBits(rcode),
      questions: q.questions,
      answers,
    });
    socket.send(out, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The response code in the low bits of the flags. */
function rcodeBits(rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL'): number {
  return { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 }[rcode];
}
