/**
 * The HTTP side of the `redfish` bare-metal driver (redfish-bmc.ts): `fetch` from undici over one
 * keep-alive agent of the BMC's own (its `caPem` trusted instead of the system CAs, as BMCs mostly
 * carry self-signed certificates), redirects followed on the BMC itself only (iLO answers a path
 * without its trailing slash with 308), a time-out on every call, and the login: HTTP basic, or a Redfish session
 * (`POST SessionService/Sessions` → `X-Auth-Token`, logged in again once when the BMC answers 401,
 * logged out on close). Answers become BaremetalErrors: no answer in time, network and TLS errors
 * and 5xx are UNAVAILABLE; 401/403 AUTH; 404 NOT_FOUND; 400 and other refusals REFUSED with the
 * BMC's own message (`error.@Message.ExtendedInfo`). No message ever holds a password or the
 * BMC's address (messages may reach a customer's page).
 */
import { Agent, fetch, type Response } from 'undici';
import { BaremetalError, type BmcRecord } from './baremetal.js';

/** How the redfish driver talks to BMCs. */
export interface RedfishOptions {
  /** Longest wait for one call, answer included, ms (default 10 s). */
  timeoutMs?: number;
}

/** A Redfish resource as JSON. */
export type RedfishJson = Record<string, unknown>;

/** A successful answer: its JSON (null when empty) and ETag. */
export interface RedfishAnswer {
  status: number;
  body: RedfishJson | null;
  etag: string | null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const SESSIONS = '/redfish/v1/SessionService/Sessions';
const REDIRECTS = [301, 302, 303, 307, 308];
const MAX_REDIRECTS = 5;

/** The texts of a Redfish error body: each ExtendedInfo message, else the error's own message. */
export function redfishMessages(body: unknown): string[] {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return [];
  const info = error['@Message.ExtendedInfo'];
  const fromInfo = Array.isArray(info)
    ? info
        .map((i: unknown) => {
          const m = i as { Message?: unknown; MessageId?: unknown } | null;
          return typeof m?.Message === 'string' ? m.Message : typeof m?.MessageId === 'string' ? m.MessageId : null;
        })
        .filter((m): m is string => m !== null)
    : [];
  if (fromInfo.length) return fromInfo;
  return typeof error.message === 'string' ? [error.message] : [];
}

/** The client of one BMC; `secrets` are cut out of every message the BMC sends back. */
export function createRedfishClient(
  record: Pick<BmcRecord, 'address' | 'username' | 'password' | 'useSession' | 'caPem'>,
  options: RedfishOptions = {},
) {
  let origin: string;
  try {
    const url = new URL(record.address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    origin = url.origin;
  } catch {
    throw new BaremetalError('UNAVAILABLE', 'the BMC address is not an http(s) URL');
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Idle sockets are dropped after 5 s so that drivers built anew leave none behind. Made when
  // first needed, so that a driver used again after close() (still held by a caller) works.
  let agent: Agent | null = null;
  const dispatcher = () =>
    (agent ??= new Agent({
      keepAliveTimeout: 5_000,
      connections: 4,
      ...(record.caPem ? { connect: { ca: record.caPem } } : {}),
    }));
  const basic = `Basic ${Buffer.from(`${record.username}:${record.password}`).toString('base64')}`;
  let session: { token: string; location: string | null } | null = null;
  let loggingIn: Promise<void> | null = null;

  const { host, hostname } = new URL(origin);
  /**
   * Server text with every secret cut out (should a BMC echo a password back), and the BMC's
   * address too: a message may reach a customer's page, the address must not.
   */
  const redact = (text: string, secrets: string[]) =>
    [record.password, ...secrets]
      .filter((s) => s.length > 0)
      .reduce((t, s) => t.split(s).join('[password]'), text)
      .split(host)
      .join('[bmc]')
      .split(hostname)
      .join('[bmc]');

  /**
   * Sends one request, following the BMC's redirects on the BMC itself (an iLO answers a path
   * without its trailing slash with 308) with the method and body kept, except after a 303: a
   * redirect to another host is refused, so a session token or password never leaves the BMC.
   * One time-out covers the whole call; network failures and time-outs are UNAVAILABLE.
   */
  async function send(
    method: Method,
    path: string,
    headers: Record<string, string>,
    body: unknown,
    secrets: string[],
  ): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = new URL(path, origin);
    let m: Method = method;
    let payload = body;
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: m,
          headers: {
            Accept: 'application/json',
            'OData-Version': '4.0',
            'User-Agent': 'portside-redfish-driver',
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...headers,
          },
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
          redirect: 'manual',
          dispatcher: dispatcher(),
          signal,
        });
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        if (name === 'TimeoutError' || name === 'AbortError')
          throw new BaremetalError('UNAVAILABLE', `the BMC did not answer ${method} ${path} within ${timeoutMs} ms`);
        const cause = (e as { cause?: { message?: unknown } }).cause;
        const why = typeof cause?.message === 'string' ? cause.message : e instanceof Error ? e.message : 'unknown error';
        throw new BaremetalError('UNAVAILABLE', `the BMC could not be reached (${redact(why, secrets)})`);
      }
      const location = REDIRECTS.includes(res.status) ? res.headers.get('location') : null;
      if (location === null) return res;
      await res.body?.cancel().catch(() => undefined);
      let next: URL | null = null;
      try {
        next = new URL(location, url);
      } catch {
        // Not a URL: refused below.
      }
      if (!next || next.origin !== origin)
        throw new BaremetalError('UNAVAILABLE', `the BMC redirected ${method} ${path} away from itself`);
      if (hop >= MAX_REDIRECTS)
        throw new BaremetalError('UNAVAILABLE', `the BMC redirected ${method} ${path} more than ${MAX_REDIRECTS} times`);
      if (res.status === 303) [m, payload] = ['GET', undefined];
      url = next;
    }
  }

  /** The answer's JSON (null when empty or not JSON) within the time-out. */
  async function json(res: Response, method: Method, path: string): Promise<RedfishJson | null> {
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new BaremetalError('UNAVAILABLE', `the BMC did not finish answering ${method} ${path} within ${timeoutMs} ms`);
    }
    try {
      const v: unknown = text ? JSON.parse(text) : null;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as RedfishJson) : null;
    } catch {
      return null;
    }
  }

  /** The error an answer that is no success stands for. */
  function failure(status: number, body: RedfishJson | null, method: Method, path: string, secrets: string[]): BaremetalError {
    const why = redact(redfishMessages(body).join(' '), secrets).trim();
    const tail = why ? `: ${why}` : '';
    if (status === 401 || status === 403)
      return new BaremetalError('AUTH', `the BMC did not accept the login of user '${record.username}' (HTTP ${status})`);
    if (status === 404) return new BaremetalError('NOT_FOUND', `the BMC has no ${path} (HTTP 404)`);
    if (status >= 500) return new BaremetalError('UNAVAILABLE', `the BMC failed ${method} ${path}: HTTP ${status}${tail}`);
    return new BaremetalError('REFUSED', `the BMC refused ${method} ${path} (HTTP ${status})${tail}`);
  }

  /** Opens a session (one at a time however many calls wait for it). */
  function login(): Promise<void> {
    loggingIn ??= (async () => {
      const body = { UserName: record.username, Password: record.password };
      const res = await send('POST', SESSIONS, {}, body, []);
      const answer = await json(res, 'POST', SESSIONS);
      const token = res.headers.get('x-auth-token');
      if (!res.ok) throw failure(res.status, answer, 'POST', SESSIONS, []);
      if (!token) throw new BaremetalError('UNAVAILABLE', 'the BMC opened a session without an X-Auth-Token');
      // The session's own address, to log out: the Location header, else the answer's @odata.id, on this BMC only.
      const where = res.headers.get('location') ?? (typeof answer?.['@odata.id'] === 'string' ? answer['@odata.id'] : null);
      let location: string | null = null;
      try {
        const url = where === null ? null : new URL(where, origin);
        if (url && url.origin === origin) location = `${url.pathname}${url.search}`;
      } catch {
        // An address that is no URL: the session is left to time out on the BMC.
      }
      session = { token, location };
    })().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /**
   * One call: its answer on 2xx, else the error it stands for. With a session, a 401 (the session
   * expired or was dropped) logs in again and repeats the call once.
   */
  async function call(
    method: Method,
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; secrets?: string[] } = {},
  ): Promise<RedfishAnswer> {
    const secrets = extra.secrets ?? [];
    for (let attempt = 0; ; attempt++) {
      if (record.useSession && !session) await login();
      const token = session?.token;
      if (record.useSession && !token) throw new BaremetalError('UNAVAILABLE', 'the BMC session was dropped while logging in');
      const auth: Record<string, string> = token ? { 'X-Auth-Token': token } : { Authorization: basic };
      const res = await send(method, path, { ...auth, ...extra.headers }, body, secrets);
      const answer = await json(res, method, path);
      if (res.ok) return { status: res.status, body: answer, etag: res.headers.get('etag') };
      if (res.status === 401 && record.useSession && attempt === 0) {
        session = null;
        continue;
      }
      throw failure(res.status, answer, method, path, secrets);
    }
  }

  return {
    call,
    /** GETs a resource and answers its JSON (UNAVAILABLE when it is not a JSON object). */
    async get(path: string): Promise<RedfishJson> {
      const a = await call('GET', path);
      if (!a.body) throw new BaremetalError('UNAVAILABLE', `the BMC answered GET ${path} without a JSON object`);
      return a.body;
    },
    /** Logs the session out (best effort) and closes the connections; harmless when repeated. */
    async close(): Promise<void> {
      const s = session;
      session = null;
      if (s?.location) {
        await send('DELETE', s.location, { 'X-Auth-Token': s.token }, undefined, []).then(
          (r) => r.body?.cancel(),
          () => undefined,
        );
      }
      const a = agent;
      agent = null;
      await a?.close();
    },
  };
}

/** The client the driver uses. */
export type RedfishClient = ReturnType<typeof createRedfishClient>;
