import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Health } from '@portside/contract/schemas/dedicated';
import { RESET_TYPES, type ResetType } from '../src/drivers/baremetal/baremetal.js';
import { collection, FakePowerMachine, redfishError, resources, type FakeSystemSpec } from './fake-redfish-resources.js';

/**
 * A fake Redfish BMC on 127.0.0.1 for the `redfish` bare-metal driver's tests, answering with real
 * Redfish shapes (fake-redfish-resources.ts) and real refusals: the service root without login,
 * everything else with Basic auth or a session's X-Auth-Token (401 with `WWW-Authenticate: Basic`
 * otherwise); `POST SessionService/Sessions` → 201 with X-Auth-Token and Location, DELETE logs out;
 * `ComputerSystem.Reset` answers 204 like sushy-tools (200 with a Base.Success body in iLO mode),
 * 400 `ActionParameterValueNotInList` for a reset type the system does not allow, and the power
 * changes a phase after the reset; accounts carry ETags, a PATCH with a stale If-Match gets 412,
 * and a password outside 8–16 characters gets 400 `PropertyValueFormatError` whose message quotes
 * the value, as the DMTF Base registry's does. iLO mode (`ilo`): every link ends with a slash and
 * a path without one is answered 308. Failure modes: 'hang' answers nothing, '503' answers 503,
 * 'refuse-resets' refuses every reset for the current power state. HTTPS with `tls`.
 */
export interface FakeRedfishOptions {
  system: FakeSystemSpec;
  /** The BMC's accounts (password in the clear), by default an administrator. */
  accounts?: Array<{ username: string; password: string; role?: string }>;
  tls?: { key: string; cert: string };
  /** iLO 5 spelling: links with a trailing slash, 308 for a path without, 200 on reset. */
  ilo?: boolean;
  /** How long each phase of a power change takes, ms (default 0). */
  phaseMs?: number;
  /** The clock, ms (tests move it); the real one by default. */
  now?: () => number;
  /** Name the allowed reset types in an ActionInfo resource (as OpenBMC does) instead of inline. */
  actionInfo?: boolean;
}

/** A request as the fake saw it. */
export interface SeenRedfishRequest {
  method: string;
  path: string;
  status: number;
  authorization: string | undefined;
  token: string | undefined;
  ifMatch: string | undefined;
  body: unknown;
}

export type FakeRedfishMode = 'ok' | 'hang' | '503' | 'refuse-resets';

export interface FakeRedfish {
  url: string;
  admin: { username: string; password: string };
  requests: SeenRedfishRequest[];
  setMode(mode: FakeRedfishMode): void;
  setDriveHealth(serial: string, health: Health): void;
  /** Forgets every session, as a BMC does when they time out. */
  expireSessions(): void;
  /** How many sessions are open. */
  sessionCount(): number;
  /** An account's role and ETag, or undefined. */
  account(username: string): { role: string; enabled: boolean; etag: string } | undefined;
  close(): Promise<void>;
}

type Account = { id: string; username: string; password: string; role: string; enabled: boolean; version: number };

export async function startFakeRedfish(o: FakeRedfishOptions): Promise<FakeRedfish> {
  const now = o.now ?? (() => Date.now());
  const power = new FakePowerMachine(o.system.power, o.phaseMs ?? 0, now);
  const admin = o.accounts?.[0] ?? { username: 'root', password: 'calvin-Fake1' };
  const accounts: Account[] = (o.accounts ?? [admin]).map((a, i) => ({
    id: String(i + 1),
    username: a.username,
    password: a.password,
    role: a.role ?? 'Administrator',
    enabled: true,
    version: 1,
  }));
  const sessions = new Map<string, { id: string; username: string }>();
  const driveHealth = new Map<string, Health>();
  const requests: SeenRedfishRequest[] = [];
  let mode: FakeRedfishMode = 'ok';
  const ref = (p: string) => (o.ilo ? `${p}/` : p);
  const accountPath = (a: Account) => `/redfish/v1/AccountService/Accounts/${a.id}`;
  const etagOf = (a: Account) => `W/"${crypto.createHash('sha1').update(`${a.id}/${a.version}`).digest('hex').slice(0, 8)}"`;
  const accountJson = (a: Account) => ({
    '@odata.id': ref(accountPath(a)),
    '@odata.type': '#ManagerAccount.v1_3_0.ManagerAccount',
    '@odata.etag': etagOf(a),
    Id: a.id,
    Name: 'User Account',
    UserName: a.username,
    RoleId: a.role,
    Enabled: a.enabled,
    Locked: false,
    Password: null,
  });
  const policy = (p: unknown) => typeof p === 'string' && p.length >= 8 && p.length <= 16;
  const badPassword = (p: unknown) =>
    redfishError(
      'Base.1.8.PropertyValueFormatError',
      `The value '${String(p)}' for the property Password is of a different format than the property can accept.`,
    );

  function handle(req: http.IncomingMessage, body: unknown, res: http.ServerResponse, seen: SeenRedfishRequest): void {
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      res.writeHead(status, {
        ...(json === null ? {} : { 'Content-Type': 'application/json' }),
        'OData-Version': '4.0',
        ...headers,
      });
      res.end(json === null ? undefined : JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (mode === 'hang') return; // never answered: the client's time-out ends it
    if (mode === '503')
      return send(503, redfishError('Base.1.8.ServiceTemporarilyUnavailable', 'The service is temporarily unavailable.'), {
        'Retry-After': '30',
      });
    if (o.ilo && url.pathname.startsWith('/redfish') && !url.pathname.endsWith('/'))
      return send(308, null, { Location: `${url.pathname}/${url.search}` });
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const all = resources(o.system, power.current(), driveHealth, ref, o.actionInfo);
    if (path === '/redfish/v1' && method === 'GET') return send(200, all.get(path));
    if (path === '/redfish/v1/SessionService/Sessions' && method === 'POST') {
      const b = body as { UserName?: unknown; Password?: unknown } | null;
      const a = accounts.find((x) => x.username === b?.UserName && x.password === b?.Password && x.enabled);
      if (!a)
        return send(
          401,
          redfishError('Base.1.8.NoValidSession', 'There is no valid session established with the implementation.'),
        );
      const id = crypto.randomBytes(6).toString('hex');
      const token = crypto.randomBytes(16).toString('hex');
      sessions.set(token, { id, username: a.username });
      const at = ref(`/redfish/v1/SessionService/Sessions/${id}`);
      return send(
        201,
        { '@odata.id': at, '@odata.type': '#Session.v1_3_0.Session', Id: id, UserName: a.username },
        { 'X-Auth-Token': token, Location: at },
      );
    }
    // Everything else needs a login.
    const token = req.headers['x-auth-token'];
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    const byBasic = accounts.find((a) => a.enabled && a.username === user && a.password === rest.join(':'));
    if (!(typeof token === 'string' && sessions.has(token)) && !byBasic)
      return send(
        401,
        redfishError(
          'Base.1.8.ResourceAtUriUnauthorized',
          `While accessing the resource at ${path}, the service received an authorization error.`,
        ),
        {
          'WWW-Authenticate': 'Basic realm="Fake BMC"',
        },
      );
    const session = /^\/redfish\/v1\/SessionService\/Sessions\/([^/]+)$/.exec(path);
    if (session && method === 'DELETE') {
      for (const [t, s] of sessions) if (s.id === session[1]) sessions.delete(t);
      return send(204, null);
    }
    const sys = `/redfish/v1/Systems/${o.system.id ?? '1'}`;
    if (path === `${sys}/Actions/ComputerSystem.Reset` && method === 'POST') {
      const type = (body as { ResetType?: unknown } | null)?.ResetType;
      if (
        typeof type !== 'string' ||
        !o.system.resetTypes.includes(type as ResetType) ||
        !(RESET_TYPES as readonly string[]).includes(type)
      )
        return send(
          400,
          redfishError(
            'Base.1.8.ActionParameterValueNotInList',
            `The value '${String(type)}' for the parameter ResetType in the action ComputerSystem.Reset is not in the list of acceptable values.`,
          ),
        );
      const refused =
        mode === 'refuse-resets'
          ? 'The operation was not successful due to the current power state.'
          : power.reset(type as ResetType);
      if (refused) return send(400, redfishError('iLO.2.14.InvalidOperationForSystemState', refused));
      return o.ilo
        ? send(200, redfishError('Base.1.4.Success', 'Successfully Completed Request', 'iLO.0.10.ExtendedInfo'))
        : send(204, null);
    }
    if (path === '/redfish/v1/AccountService/Accounts') {
      if (method === 'GET')
        return send(
          200,
          collection(
            ref(path),
            'ManagerAccountCollection',
            'Accounts Collection',
            accounts.map((a) => ref(accountPath(a))),
          ),
        );
      if (method === 'POST') {
        const b = (body ?? {}) as { UserName?: unknown; Password?: unknown; RoleId?: unknown; Enabled?: unknown };
        if (typeof b.UserName !== 'string' || !b.UserName)
          return send(
            400,
            redfishError(
              'Base.1.8.PropertyMissing',
              'The property UserName is a required property and must be included in the request.',
            ),
          );
        if (accounts.some((a) => a.username === b.UserName))
          return send(400, redfishError('Base.1.8.ResourceAlreadyExists', 'The requested resource already exists.'));
        if (!policy(b.Password)) return send(400, badPassword(b.Password));
        const a: Account = {
          id: String(accounts.length + 1),
          username: b.UserName,
          password: b.Password as string,
          role: typeof b.RoleId === 'string' ? b.RoleId : 'ReadOnly',
          enabled: b.Enabled !== false,
          version: 1,
        };
        accounts.push(a);
        return send(201, accountJson(a), { Location: ref(accountPath(a)), ETag: etagOf(a) });
      }
    }
    const account = accounts.find((a) => accountPath(a) === path);
    if (account && method === 'GET') return send(200, accountJson(account), { ETag: etagOf(account) });
    if (account && method === 'PATCH') {
      const ifMatch = req.headers['if-match'];
      if (ifMatch !== undefined && ifMatch !== etagOf(account))
        return send(
          412,
          redfishError(
            'Base.1.8.PreconditionFailed',
            'The ETag supplied did not match the ETag required to change this resource.',
          ),
        );
      const b = (body ?? {}) as { Password?: unknown };
      if ('Password' in b && !policy(b.Password)) return send(400, badPassword(b.Password));
      if (typeof b.Password === 'string') account.password = b.Password;
      account.version++;
      return send(200, accountJson(account), { ETag: etagOf(account) });
    }
    const resource = all.get(path);
    if (resource && method === 'GET') return send(200, resource);
    if (resource)
      return send(405, redfishError('Base.1.8.OperationNotAllowed', 'The HTTP method is not allowed on this resource.'));
    return send(404, redfishError('Base.1.8.ResourceMissingAtURI', `The resource at the URI ${path} was not found.`));
  }

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
      const seen: SeenRedfishRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        status: 0,
        authorization: header(req.headers.authorization),
        token: header(req.headers['x-auth-token']),
        ifMatch: header(req.headers['if-match']),
        body,
      };
      requests.push(seen);
      handle(req, body, res, seen);
    });
  };
  const server = o.tls ? https.createServer({ key: o.tls.key, cert: o.tls.cert }, onRequest) : http.createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${o.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    admin: { username: admin.username, password: admin.password },
    requests,
    setMode: (m) => void (mode = m),
    setDriveHealth: (serial, health) => void driveHealth.set(serial, health),
    expireSessions: () => sessions.clear(),
    sessionCount: () => sessions.size,
    account(username) {
      const a = accounts.find((x) => x.username === username);
      return a && { role: a.role, enabled: a.enabled, etag: etagOf(a) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
