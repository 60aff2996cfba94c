/**
 * The Proxmox VE API client of the `proxmox` driver (proxmox.ts): one keep-alive agent over
 * node:http or node:https (a cluster's own CA through `ca`), the API-token header, the `{data}`
 * envelope, the mapping of refusals to HypervisorError and of everything else to
 * {@link ProxmoxRequestError}, and the console websocket. No message carries the token secret.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import WebSocket from 'ws';
import { shortUpload } from './data-rules.js';
import { HypervisorError } from './hypervisor.js';

/** How to reach a Proxmox VE cluster. */
export interface ProxmoxOptions {
  /** The API's address, e.g. `https://pve1.example.net:8006`; a reverse proxy's path prefix is kept, a trailing `/api2/json` is accepted. */
  baseUrl: string;
  /** The API token's id, `USER@REALM!TOKENID`. */
  tokenId: string;
  /** The API token's secret (a UUID). Never logged nor put in an error. */
  secret: string;
  /** PEM certificate(s) to trust instead of the system CAs (a cluster's self-signed CA). */
  ca?: string;
  /** Longest wait for one API request, ms (default 30 s; Proxmox answers a bad token after ~3 s). */
  timeoutMs?: number;
  /** When set, only these nodes and their VMs are seen by the portal; VMs elsewhere are NOT_FOUND. */
  nodeFilter?: readonly string[];
  /** The storage that keeps the VMs' backups (content `backup`), on every node; default 'local'. */
  backupStorage?: string;
  /** The storage ISO images are uploaded to (content `iso`), on every node; default 'local'. */
  isoStorage?: string;
}

/** A file to send as a multipart part. */
export interface UploadFile {
  /** The form field's name (Proxmox's upload: `filename`). */
  field: string;
  /** The file name in the part's Content-Disposition. */
  filename: string;
  /** Exactly this many bytes must come from `stream`. */
  size: number;
  stream: Readable;
}

/** A request the API did not answer as a refusal of the driver's contract: auth, permission, transport, unknown path. */
export class ProxmoxRequestError extends Error {
  /**
   * Whether trying again later may help: no answer (network, TLS, timeout) or a server/proxy
   * failure (5xx except 501, e.g. 595 for a node that is down). Not so for 401 (bad token),
   * 403 (token lacks a privilege) or 501 (wrong address or API version).
   */
  readonly transient: boolean;

  /** @param status the HTTP status, or null when no answer came; @param message safe to show (no secret). */
  constructor(
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProxmoxRequestError';
    this.transient = status === null || (status >= 500 && status !== 501);
  }
}

/** The API's answer: `{data}`, with `errors` (and the reason as `message`, when a proxy adds it) on refusals. */
type Envelope = { data?: unknown; errors?: Record<string, unknown>; message?: string };

/** Request parameters (query or form body). */
export type Params = Record<string, string | number>;
/**
 * Parameters of {@link createClient}'s `call`: a list (an `array` parameter such as agent/exec's
 * `command`) is sent as the key repeated once per item, in order, which Proxmox reads back as the list.
 */
export type CallParams = Record<string, string | number | readonly string[]>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const TOKEN_ID = /^[^\s@!:=]+@[^\s@!:=]+![A-Za-z][A-Za-z0-9._-]*$/;
const MAX_BODY = 32 * 1024 * 1024;

/** The API client: one keep-alive agent, the token header, the `{data}` envelope and the error mapping. */
export function createClient(o: ProxmoxOptions) {
  let base: URL;
  try {
    base = new URL(o.baseUrl);
  } catch {
    throw new Error('Proxmox VE base URL is not a URL');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('Proxmox VE base URL must be http(s)');
  if (!TOKEN_ID.test(o.tokenId)) throw new Error('Proxmox VE token id must look like USER@REALM!TOKENID');
  if (!/^[\x21-\x7e]+$/.test(o.secret)) throw new Error('Proxmox VE token secret is empty or has characters a token cannot have');
  const secure = base.protocol === 'https:';
  const prefix = `${base.pathname.replace(/\/+$/, '').replace(/\/api2\/json$/, '')}/api2/json`;
  // Idle keep-alive sockets are dropped after 5 s, so drivers that are built anew leave none behind.
  const agentOptions = { keepAlive: true, maxSockets: 8, timeout: 5_000 };
  const agent = secure ? new https.Agent({ ...agentOptions, ...(o.ca ? { ca: o.ca } : {}) }) : new http.Agent(agentOptions);
  const authorization = `PVEAPIToken=${o.tokenId}=${o.secret}`;
  const timeoutMs = o.timeoutMs ?? 30_000;
  /** Server-provided text with the secret cut out, should anything between here and Proxmox echo the header back. */
  const redact = (text: string) => text.split(o.secret).join('[secret]');

  function fail(status: number, text: string, errors: Record<string, unknown> | null, what: string): Error {
    if (status === 401)
      return new ProxmoxRequestError(401, `Proxmox VE authentication failed for API token ${o.tokenId} (${text})`);
    if (status === 400) {
      const details = Object.entries(errors ?? {}).map(([k, v]) => `${k}: ${redact(String(v)).trim()}`);
      if (typeof errors?.upid === 'string' && /no such task|unable to parse/.test(errors.upid))
        return new HypervisorError('NOT_FOUND', details.join('; '));
      return new HypervisorError('BAD_PARAMETER', [text, ...details].join(' ').trim());
    }
    if (status >= 500 && status !== 501) {
      if (/VM is locked/.test(text)) return new HypervisorError('LOCKED', text);
      // Another worker holds the VM's config file lock (a clone of it runs); Proxmox waited 10 s.
      if (/^can't lock file '[^']*' - got timeout/.test(text)) return new HypervisorError('LOCKED', text);
      if (/protection mode enabled/.test(text)) return new HypervisorError('LOCKED', `VM is locked (${text})`);
      if (/does not exist|no such cluster node/i.test(text)) return new HypervisorError('NOT_FOUND', text);
      if (/cannot remove protected/.test(text)) return new HypervisorError('BAD_PARAMETER', text);
      if (/already running|not running|is running|is paused|No QEMU guest agent configured/.test(text))
        return new HypervisorError('INVALID_STATE', text);
      if (
        /already exists|SSH public key validation error|uses local storage|shrinking disks is not supported|feature is not supported/.test(
          text,
        )
      ) {
        return new HypervisorError('BAD_PARAMETER', text);
      }
    }
    if (status === 501) return new ProxmoxRequestError(501, `Proxmox VE does not implement ${what} (${text})`);
    return new ProxmoxRequestError(status, `Proxmox VE ${what} failed: HTTP ${status} ${text}`.trim());
  }

  /** The envelope of a finished answer, or the error it stands for. */
  function answer(res: http.IncomingMessage, chunks: Buffer[], what: string): { data: unknown } | Error {
    const status = res.statusCode ?? 0;
    let body: Envelope | null;
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope) : null;
    } catch {
      body = null;
    }
    if (status >= 200 && status < 300) {
      return body === null ? new ProxmoxRequestError(status, `Proxmox VE ${what} answered no JSON`) : { data: body.data };
    }
    const text = redact(typeof body?.message === 'string' ? body.message : (res.statusMessage ?? '')).trim();
    const errors = body?.errors && typeof body.errors === 'object' ? body.errors : null;
    return fail(status, text, errors, what);
  }

  /**
   * Sends one request and answers the envelope's `data`; GET/DELETE parameters go in the query,
   * POST/PUT ones in a form body. A GET whose reused keep-alive socket the server had just closed
   * (ECONNRESET) is sent once more on a fresh one; other methods are never repeated.
   */
  function call<T = unknown>(method: Method, path: string, params: CallParams = {}, mayRetry = true): Promise<T> {
    const form = new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) => (Array.isArray(v) ? v.map((item: string) => [k, item]) : [[k, String(v)]])),
    ).toString();
    const inQuery = method === 'GET' || method === 'DELETE';
    const what = `${method} ${path}`;
    const headers: Record<string, string | number> = {
      Authorization: authorization,
      Accept: 'application/json',
      'User-Agent': 'portside-proxmox-driver',
    };
    if (!inQuery) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      headers['Content-Length'] = Buffer.byteLength(form);
    }
    return new Promise<T>((resolve, reject) => {
      const req = (secure ? https : http).request(
        {
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: base.port || (secure ? 443 : 80),
          method,
          path: `${prefix}${path}${inQuery && form ? `?${form}` : ''}`,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_BODY) req.destroy(new Error('answer too large'));
            else chunks.push(c);
          });
          res.on('error', (e) => done(e));
          res.on('end', () => {
            const a = answer(res, chunks, what);
            if (a instanceof Error) done(a);
            else done(null, a.data as T);
          });
        },
      );
      let settled = false;
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      function done(err: Error | null, value?: T) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!err) resolve(value as T);
        else if (err instanceof HypervisorError || err instanceof ProxmoxRequestError) reject(err);
        else reject(new ProxmoxRequestError(null, `Proxmox VE ${what} failed: ${redact(err.message)}`, { cause: err }));
      }
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (!settled && mayRetry && method === 'GET' && req.reusedSocket && e.code === 'ECONNRESET') {
          settled = true;
          clearTimeout(timer);
          resolve(call<T>(method, path, params, false));
        } else done(e);
      });
      req.end(inQuery ? undefined : form);
    });
  }

  /**
   * Sends a multipart/form-data POST (`fields`, then `file` streamed as it comes, never held in
   * memory whole) and answers the envelope's `data`. The length is announced up front; a stream
   * that ends short or runs long aborts the request with BAD_PARAMETER. `timeoutMs` is the
   * longest silence on the socket here, not the whole transfer's time.
   */
  function upload<T = unknown>(path: string, fields: Params, file: UploadFile): Promise<T> {
    const boundary = `----portside${crypto.randomBytes(12).toString('hex')}`;
    const quote = (v: string) => v.replace(/["\r\n\\]/g, '_');
    const head = Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${String(v)}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const what = `POST ${path}`;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const done = (err: Error | null, value?: T) => {
        if (settled) return;
        settled = true;
        if (err) {
          file.stream.destroy();
          req.destroy();
        }
        if (!err) resolve(value as T);
        else if (err instanceof HypervisorError || err instanceof ProxmoxRequestError) reject(err);
        else reject(new ProxmoxRequestError(null, `Proxmox VE ${what} failed: ${redact(err.message)}`, { cause: err }));
      };
      const req = (secure ? https : http).request(
        {
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: base.port || (secure ? 443 : 80),
          method: 'POST',
          path: `${prefix}${path}`,
          headers: {
            Authorization: authorization,
            Accept: 'application/json',
            'User-Agent': 'portside-proxmox-driver',
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': head.length + file.size + tail.length,
          },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => done(e));
          res.on('end', () => {
            const a = answer(res, chunks, what);
            if (a instanceof Error) done(a);
            else done(null, a.data as T);
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (e) => done(e));
      req.write(head);
      let sent = 0;
      file.stream.on('error', (e) => done(e));
      file.stream.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (sent > file.size) return done(shortUpload(file.filename, sent, file.size));
        // Backpressure: wait for the socket before reading more of a large file.
        if (!req.write(chunk)) {
          file.stream.pause();
          req.once('drain', () => file.stream.resume());
        }
      });
      file.stream.on('end', () => {
        if (sent !== file.size) done(shortUpload(file.filename, sent, file.size));
        else req.end(tail);
      });
    });
  }

  /**
   * Opens a websocket under the API (the console's `vncwebsocket`) with the token header and the
   * cluster's CA, and answers it open and paused (call `resume()` once listening). Errors name the path, never the query (it holds
   * the ticket). Frames from the cluster are limited to 16 MiB (a full-screen raw VNC update).
   */
  function socket(path: string, params: Params): Promise<WebSocket> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const what = `websocket ${path}`;
    const ws = new WebSocket(`${secure ? 'wss' : 'ws'}://${base.host}${prefix}${path}?${query}`, {
      headers: { Authorization: authorization, 'User-Agent': 'portside-proxmox-driver' },
      ...(o.ca ? { ca: o.ca } : {}),
      handshakeTimeout: Math.min(timeoutMs, 15_000),
      maxPayload: 16 * 1024 * 1024,
      perMessageDeflate: false,
    });
    return new Promise<WebSocket>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        ws.terminate();
        reject(err);
      };
      ws.on('error', (e) => fail(new ProxmoxRequestError(null, `Proxmox VE ${what} failed: ${redact(e.message)}`, { cause: e })));
      ws.once('unexpected-response', (req, res) => {
        const status = res.statusCode ?? 0;
        req.destroy();
        // 401 here is a bad token or a stale or used ticket alike.
        fail(
          new ProxmoxRequestError(status, `Proxmox VE ${what} refused: HTTP ${status} ${redact(res.statusMessage ?? '')}`.trim()),
        );
      });
      ws.once('open', () => {
        settled = true;
        // Paused so that no frame arrives before the caller listens; it resumes the socket.
        ws.pause();
        resolve(ws);
      });
    });
  }

  return { call, upload, socket };
}

/** The API client the driver's parts share. */
export type ProxmoxClient = ReturnType<typeof createClient>;
