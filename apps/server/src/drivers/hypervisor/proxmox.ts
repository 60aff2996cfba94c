import http from 'node:http';
import https from 'node:https';
import WebSocket from 'ws';
import {
  HypervisorError,
  LOCK_REFUSED_ACTIONS,
  METRICS_RANGES,
  VM_NAME_PATTERN,
  type HypervisorDriver,
  type HypervisorVm,
  type MetricPoint,
  type MetricsRange,
  type PowerAction,
  type PowerState,
  type VmConfig,
  type VncTarget,
} from './hypervisor.js';
import { isFollowTaskId, proxmoxProvisioning } from './proxmox-create.js';

/**
 * The `proxmox` hypervisor driver: the Proxmox VE REST API (`<baseUrl>/api2/json`) with an API
 * token (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`), over node:http or node:https so
 * a cluster's self-signed certificate can be trusted through `ca`.
 *
 * Mapping to the driver interface:
 * - inventory: `GET /nodes` and `GET /cluster/resources?type=vm` (qemu only, templates left out),
 *   plus each VM's `config` for its protection flag (skipped for VMs on a node that is down, which
 *   then count as locked only under a Proxmox lock). The resources' power state is what pvestatd
 *   last reported (a few seconds old at most; 'unknown' on a down node reads STOPPED); `status`
 *   asks the VM itself.
 * - A VM's node is looked up in `/cluster/resources` on every call, so migrations are followed.
 * - Lock: Proxmox has no user lock, so the portal's lock is the config flag `protection`
 *   (`PUT config protection=1|0`; Proxmox itself then refuses destroy and disk removal). A VM is
 *   reported locked when `protection` is set OR Proxmox holds its own `lock` (backup, migrate,
 *   snapshot, ...). Proxmox refuses a power action under its own lock only inside the task, and
 *   never for `protection`, so the driver checks first: under `protection` it refuses
 *   stop/shutdown/reboot/reset/delete with LOCKED 'VM is locked' and allows start; under a
 *   Proxmox lock it refuses every action with LOCKED 'VM is locked (<lock>)' (except start of a
 *   VM suspended to disk, which resumes it, as Proxmox allows). `lock()` writes only a change
 *   (with the config digest it read), so setting the current state never trips over a Proxmox lock.
 * - rename: `PUT config name=`, the name checked first against VM_NAME_PATTERN (Proxmox's DNS-name
 *   rule, plus the 253-character cap Proxmox lacks). delete: `DELETE ...?purge=1` (also out of
 *   backup jobs, replication and HA).
 * - config: sockets × cores, memory (plain or `current=`), the boot disk's `size=`, boot order from
 *   `order=` or the legacy letters, bios. metrics: `rrddata?timeframe=hour|day|week|month&cf=AVERAGE`
 *   resampled onto METRICS_RANGES' grid (see {@link shapeMetrics}).
 * - Power state rules (start of a running VM, reboot/reset/shutdown of a stopped one, delete of a
 *   running one) are checked against `status/current` first, so the answer is an INVALID_STATE
 *   refusal instead of a task that fails later.
 * - Tasks: the UPID names its node; `tasks/{upid}/status` `OK` or `WARNINGS: N` is ok, any other
 *   exit status is the error text. A creation a re-run finds still being cloned is followed by a
 *   task id of the driver's own (proxmox-create.ts), which `task` understands too.
 * - Creating VMs (nextVmid, create, finishCreate): proxmox-create.ts.
 * - Errors: 400 → BAD_PARAMETER with every parameter error (400 on the task's `upid` →
 *   NOT_FOUND); 5xx 'VM is locked' / 'protection mode enabled' → LOCKED; 'does not exist' /
 *   'no such cluster node' → NOT_FOUND; 'already running' / 'not running' / 'is running' /
 *   'is paused' → INVALID_STATE; 'already exists', 'SSH public key validation error', 'uses local
 *   storage', 'shrinking disks is not supported', '... feature is not supported' → BAD_PARAMETER. Everything else
 *   (401, 403, 501, 595, timeouts, TLS) is a {@link ProxmoxRequestError}. No message ever
 *   carries the token secret, and the driver logs nothing.
 */

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

/** Request parameters (query or form body). */
export type Params = Record<string, string | number>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A VM's `GET config` answer: flat keys. */
export type PveConfig = Record<string, string | number | undefined>;

/** One `/cluster/resources?type=vm` item (the fields used). */
export interface PveResource {
  type: string;
  node: string;
  vmid: number;
  name?: string;
  status?: string;
  template?: number;
  lock?: string;
  maxmem?: number;
}

/** A VM's state as the checks before an action need it. */
interface VmState {
  power: PowerState;
  uptimeSeconds: number;
  /** Proxmox's own lock (backup, migrate, ...), or null. */
  lock: string | null;
  /** The portal's lock: config `protection`. */
  protection: boolean;
}

const TOKEN_ID = /^[^\s@!:=]+@[^\s@!:=]+![A-Za-z][A-Za-z0-9._-]*$/;
const POWER_ACTIONS: readonly PowerAction[] = ['start', 'stop', 'shutdown', 'reboot', 'reset'];
const TIMEFRAME: Record<MetricsRange, string> = { '1h': 'hour', '1d': 'day', '1w': 'week', '1m': 'month' };
const MAX_BODY = 32 * 1024 * 1024;

/** Creates the driver; throws at once on an unusable base URL, token id or secret (the secret is never quoted). */
export function createProxmoxHypervisor(options: ProxmoxOptions): HypervisorDriver {
  const api = createClient(options);
  const filter = options.nodeFilter ? new Set(options.nodeFilter) : null;
  const managed = (node: string) => !filter || filter.has(node);
  const vmPath = (r: PveResource) => `/nodes/${encodeURIComponent(r.node)}/qemu/${r.vmid}`;

  async function resources(): Promise<PveResource[]> {
    const all = await api.call<PveResource[]>('GET', '/cluster/resources', { type: 'vm' });
    return (all ?? []).filter((r) => r.type === 'qemu' && managed(r.node));
  }

  async function locate(vmid: number): Promise<PveResource> {
    const r = Number.isInteger(vmid) ? (await resources()).find((x) => x.vmid === vmid) : undefined;
    if (!r) throw new HypervisorError('NOT_FOUND', `Configuration file 'nodes/*/qemu-server/${vmid}.conf' does not exist`);
    return r;
  }

  async function state(r: PveResource): Promise<VmState> {
    const [st, cfg] = await Promise.all([
      api.call<{ status?: string; uptime?: number; lock?: string }>('GET', `${vmPath(r)}/status/current`),
      api.call<PveConfig>('GET', `${vmPath(r)}/config`),
    ]);
    const power: PowerState = st?.status === 'running' ? 'RUNNING' : 'STOPPED';
    const lock = st?.lock || (typeof cfg?.lock === 'string' && cfg.lock) || null;
    return {
      power,
      uptimeSeconds: power === 'RUNNING' ? Math.max(0, Math.floor(num(st?.uptime, 0))) : 0,
      lock,
      protection: truthy(cfg?.protection),
    };
  }

  function upid(data: unknown, what: string): string {
    if (typeof data !== 'string' || !data.startsWith('UPID:')) throw new ProxmoxRequestError(null, `Proxmox VE ${what} answered no task id`);
    return data;
  }

  const provisioning = proxmoxProvisioning({ api, managed, locate, vmPath, upid });

  return {
    nextVmid: provisioning.nextVmid,
    create: provisioning.create,
    finishCreate: provisioning.finishCreate,

    async inventory() {
      const [nodes, res] = await Promise.all([api.call<{ node: string; status?: string }[]>('GET', '/nodes'), resources()]);
      const online = new Set((nodes ?? []).filter((n) => n.status === 'online').map((n) => n.node));
      const candidates = res.filter((r) => !truthy(r.template));
      const vms = await mapLimit(candidates, 8, async (r): Promise<HypervisorVm | null> => {
        let cfg: PveConfig = {};
        try {
          // Proxmox proxies `config` to the VM's node: one that is down would fail the whole list.
          if (online.has(r.node)) cfg = (await api.call<PveConfig>('GET', `${vmPath(r)}/config`)) ?? {};
        } catch (e) {
          if (e instanceof HypervisorError && e.code === 'NOT_FOUND') return null; // destroyed meanwhile
          throw e;
        }
        const locked = truthy(cfg.protection) || Boolean(r.lock) || Boolean(cfg.lock);
        return { vmid: r.vmid, node: r.node, name: r.name ?? `VM ${r.vmid}`, power: r.status === 'running' ? 'RUNNING' : 'STOPPED', locked };
      });
      return {
        nodes: (nodes ?? [])
          .filter((n) => managed(n.node))
          .map((n) => ({ name: n.node, online: n.status === 'online' }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        vms: vms.filter((v): v is HypervisorVm => v !== null).sort((a, b) => a.vmid - b.vmid),
      };
    },

    async status(vmid) {
      const s = await state(await locate(vmid));
      return { vmid, power: s.power, locked: s.protection || s.lock !== null, uptimeSeconds: s.uptimeSeconds };
    },

    async power(vmid, action) {
      if (!POWER_ACTIONS.includes(action)) throw new HypervisorError('BAD_PARAMETER', `unknown power action '${String(action)}'`);
      const r = await locate(vmid);
      const s = await state(r);
      if (s.lock && !(action === 'start' && s.lock === 'suspended')) throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
      if (s.protection && LOCK_REFUSED_ACTIONS.includes(action)) throw new HypervisorError('LOCKED', 'VM is locked');
      if (action === 'start' && s.power === 'RUNNING') throw new HypervisorError('INVALID_STATE', `VM ${vmid} already running`);
      if (action !== 'start' && action !== 'stop' && s.power !== 'RUNNING') throw new HypervisorError('INVALID_STATE', `VM ${vmid} not running`);
      return upid(await api.call('POST', `${vmPath(r)}/status/${action}`), action);
    },

    async task(taskId) {
      if (isFollowTaskId(taskId)) return provisioning.followTask(taskId);
      const node = /^UPID:([A-Za-z0-9][A-Za-z0-9.-]*):[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+:[^:]*:[^:]*:[^:]+:$/.exec(taskId)?.[1];
      if (!node) throw new HypervisorError('NOT_FOUND', `no such task '${taskId}'`);
      const t = await api.call<{ status?: string; exitstatus?: string }>('GET', `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(taskId)}/status`);
      if (t?.status === 'running') return { id: taskId, state: 'running', message: null };
      const exit = t?.exitstatus ?? 'unknown task end';
      const ok = exit === 'OK' || /^WARNINGS: \d+$/.test(exit);
      return { id: taskId, state: ok ? 'ok' : 'error', message: ok ? null : exit };
    },

    async lock(vmid, on) {
      const r = await locate(vmid);
      // Only write a change: Proxmox refuses any config write while it holds its own lock.
      const cfg = (await api.call<PveConfig>('GET', `${vmPath(r)}/config`)) ?? {};
      if (truthy(cfg.protection) === on) return;
      await api.call('PUT', `${vmPath(r)}/config`, { protection: on ? 1 : 0, ...(typeof cfg.digest === 'string' ? { digest: cfg.digest } : {}) });
    },

    async rename(vmid, name) {
      if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name)) {
        throw new HypervisorError('BAD_PARAMETER', 'Parameter verification failed. name: invalid format - value does not look like a valid DNS name');
      }
      const r = await locate(vmid);
      await api.call('PUT', `${vmPath(r)}/config`, { name });
    },

    async delete(vmid) {
      const r = await locate(vmid);
      const s = await state(r);
      if (s.lock) throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
      if (s.protection) throw new HypervisorError('LOCKED', 'VM is locked');
      if (s.power !== 'STOPPED') throw new HypervisorError('INVALID_STATE', `VM ${vmid} is running - destroy failed`);
      // purge: also drop the VM from backup jobs, replication and HA, as a portal delete means.
      return upid(await api.call('DELETE', vmPath(r), { purge: 1 }), 'delete');
    },

    async config(vmid) {
      const r = await locate(vmid);
      return interpretConfig((await api.call<PveConfig>('GET', `${vmPath(r)}/config`)) ?? {});
    },

    async metrics(vmid, range) {
      if (!Object.hasOwn(METRICS_RANGES, range)) {
        throw new HypervisorError('BAD_PARAMETER', `timeframe: value '${String(range)}' does not have a value in the enumeration 'hour, day, week, month'`);
      }
      const r = await locate(vmid);
      const rows = await api.call<RrdRow[]>('GET', `${vmPath(r)}/rrddata`, { timeframe: TIMEFRAME[range], cf: 'AVERAGE' });
      return shapeMetrics(rows ?? [], range, new Date(), num(r.maxmem, 0));
    },

    // `vncproxy` with websocket=1 opens a VNC proxy on the VM's node for a few seconds; its ticket
    // lets one websocket through `vncwebsocket` (which the API forwards to that node).
    async console(vmid) {
      const r = await locate(vmid);
      const d = await api.call<{ port?: unknown; ticket?: unknown; password?: unknown }>('POST', `${vmPath(r)}/vncproxy`, { websocket: 1, 'generate-password': 1 });
      const port = num(d?.port, NaN);
      if (!Number.isInteger(port) || port <= 0 || typeof d?.ticket !== 'string' || d.ticket === '') {
        throw new ProxmoxRequestError(null, 'Proxmox VE vncproxy answered no port or ticket');
      }
      return { kind: 'vnc', node: r.node, port, ticket: d.ticket, password: typeof d.password === 'string' ? d.password : null };
    },

    async openVnc(vmid: number, target: VncTarget) {
      return api.socket(`/nodes/${encodeURIComponent(target.node)}/qemu/${vmid}/vncwebsocket`, { port: target.port, vncticket: target.ticket });
    },
  };
}

/** The API client: one keep-alive agent, the token header, the `{data}` envelope and the error mapping. */
function createClient(o: ProxmoxOptions) {
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
    if (status === 401) return new ProxmoxRequestError(401, `Proxmox VE authentication failed for API token ${o.tokenId} (${text})`);
    if (status === 400) {
      const details = Object.entries(errors ?? {}).map(([k, v]) => `${k}: ${redact(String(v)).trim()}`);
      if (typeof errors?.upid === 'string' && /no such task|unable to parse/.test(errors.upid)) return new HypervisorError('NOT_FOUND', details.join('; '));
      return new HypervisorError('BAD_PARAMETER', [text, ...details].join(' ').trim());
    }
    if (status >= 500 && status !== 501) {
      if (/VM is locked/.test(text)) return new HypervisorError('LOCKED', text);
      if (/protection mode enabled/.test(text)) return new HypervisorError('LOCKED', `VM is locked (${text})`);
      if (/does not exist|no such cluster node/i.test(text)) return new HypervisorError('NOT_FOUND', text);
      if (/already running|not running|is running|is paused/.test(text)) return new HypervisorError('INVALID_STATE', text);
      if (/already exists|SSH public key validation error|uses local storage|shrinking disks is not supported|feature is not supported/.test(text)) {
        return new HypervisorError('BAD_PARAMETER', text);
      }
    }
    if (status === 501) return new ProxmoxRequestError(501, `Proxmox VE does not implement ${what} (${text})`);
    return new ProxmoxRequestError(status, `Proxmox VE ${what} failed: HTTP ${status} ${text}`.trim());
  }

  /**
   * Sends one request and answers the envelope's `data`; GET/DELETE parameters go in the query,
   * POST/PUT ones in a form body. A GET whose reused keep-alive socket the server had just closed
   * (ECONNRESET) is sent once more on a fresh one; other methods are never repeated.
   */
  function call<T = unknown>(method: Method, path: string, params: Params = {}, mayRetry = true): Promise<T> {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const inQuery = method === 'GET' || method === 'DELETE';
    const what = `${method} ${path}`;
    const headers: Record<string, string | number> = { Authorization: authorization, Accept: 'application/json', 'User-Agent': 'portside-proxmox-driver' };
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
            const status = res.statusCode ?? 0;
            let body: { data?: unknown; errors?: Record<string, unknown>; message?: string } | null = null;
            try {
              body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
            } catch {
              body = null;
            }
            if (status >= 200 && status < 300) {
              if (body === null) done(new ProxmoxRequestError(status, `Proxmox VE ${what} answered no JSON`));
              else done(null, body.data as T);
              return;
            }
            const text = redact(typeof body?.message === 'string' ? body.message : (res.statusMessage ?? '')).trim();
            const errors = body?.errors && typeof body.errors === 'object' ? body.errors : null;
            done(fail(status, text, errors, what));
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
        fail(new ProxmoxRequestError(status, `Proxmox VE ${what} refused: HTTP ${status} ${redact(res.statusMessage ?? '')}`.trim()));
      });
      ws.once('open', () => {
        settled = true;
        // Paused so that no frame arrives before the caller listens; it resumes the socket.
        ws.pause();
        resolve(ws);
      });
    });
  }

  return { call, socket };
}

/** The API client the driver's parts share. */
export type ProxmoxClient = ReturnType<typeof createClient>;

/** Runs `fn` over `items` with at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function num(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** Proxmox's boolean: 1, '1' or true. */
export function truthy(v: unknown): boolean {
  return v === 1 || v === true || v === '1';
}

const DRIVE_KEY = /^(ide|sata|scsi|virtio)(\d+)$/;
const BUS_ORDER = ['ide', 'sata', 'scsi', 'virtio'];

/** `ide2`, `scsi0`, ... in Proxmox's boot-resolution order (bus, then index). */
function driveKeys(cfg: PveConfig): string[] {
  return Object.keys(cfg)
    .filter((k) => DRIVE_KEY.test(k) && typeof cfg[k] === 'string')
    .sort((a, b) => {
      const [, ba = '', ia = '0'] = DRIVE_KEY.exec(a)!;
      const [, bb = '', ib = '0'] = DRIVE_KEY.exec(b)!;
      return BUS_ORDER.indexOf(ba) - BUS_ORDER.indexOf(bb) || Number(ia) - Number(ib);
    });
}

const isCdrom = (value: unknown) => typeof value === 'string' && (/(^|,)media=cdrom(,|$)/.test(value) || /^cdrom(,|$)/.test(value));

/**
 * Boot order from `boot`: modern `order=scsi0;ide2;net0`, or the legacy letters (`cdn`, the
 * default when unset; `legacy=cdn` too): c = `bootdisk` or the first disk, d = the CD drives,
 * n = the network devices (a = floppy is ignored).
 */
export function parseBootOrder(cfg: PveConfig): string[] {
  const boot = typeof cfg.boot === 'string' ? cfg.boot : '';
  let legacy = 'cdn';
  for (const part of boot.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [k, v] = part.includes('=') ? [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] : ['legacy', part];
    if (k === 'order') return v.split(';').map((d) => d.trim()).filter(Boolean);
    if (k === 'legacy') legacy = v;
  }
  const drives = driveKeys(cfg);
  const nets = Object.keys(cfg)
    .filter((k) => /^net\d+$/.test(k))
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  const out: string[] = [];
  for (const c of legacy) {
    if (c === 'c') {
      const disk = typeof cfg.bootdisk === 'string' && cfg[cfg.bootdisk] ? cfg.bootdisk : drives.find((k) => !isCdrom(cfg[k]));
      if (disk) out.push(disk);
    } else if (c === 'd') out.push(...drives.filter((k) => isCdrom(cfg[k])));
    else if (c === 'n') out.push(...nets);
  }
  return [...new Set(out)];
}

/** A drive's `size=` in GiB (K, M, G, T suffixes; bare numbers are bytes), 0 when absent. */
export function driveSizeGb(value: string): number {
  const m = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT]?)(?:,|$)/.exec(value);
  if (!m) return 0;
  const factor: Record<string, number> = { '': 1 / 1024 ** 3, K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 };
  return Math.round(Number(m[1]) * factor[m[2] ?? '']! * 100) / 100;
}

/** The boot disk's key (`scsi0`): the first disk in the boot order, else the first disk; undefined when there is none. */
export function bootDiskKey(cfg: PveConfig): string | undefined {
  const drives = driveKeys(cfg).filter((k) => !isCdrom(cfg[k]));
  return parseBootOrder(cfg).find((d) => drives.includes(d)) ?? drives[0];
}

/** Reads the portal's view of `GET config`: vCPUs (sockets × cores), memory (plain or `current=`), boot disk size, boot order, firmware. */
export function interpretConfig(cfg: PveConfig): VmConfig {
  const bootOrder = parseBootOrder(cfg);
  const disk = bootDiskKey(cfg);
  const memory = /^(?:.*,)?(?:current=)?(\d+)(?:,.*)?$/.exec(String(cfg.memory ?? ''));
  return {
    cores: Math.max(1, num(cfg.cores, 1)) * Math.max(1, num(cfg.sockets, 1)),
    memoryMb: memory ? Number(memory[1]) : 512,
    diskGb: disk ? driveSizeGb(String(cfg[disk])) : 0,
    bootOrder,
    bios: cfg.bios === 'ovmf' ? 'ovmf' : 'seabios',
  };
}

/** One `rrddata` row; values the RRD does not know (VM not yet created, host down) are left out. */
export interface RrdRow {
  time: number;
  cpu?: number;
  mem?: number;
  maxmem?: number;
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
}

const RRD_FIELDS = ['cpu', 'mem', 'maxmem', 'netin', 'netout', 'diskread', 'diskwrite'] as const;

/**
 * Resamples `rrddata` rows onto the range's grid: `points` buckets of `stepSeconds` ending at the
 * newest whole step before `now`. A row stands for the average over the source step ending at its
 * time (the step is inferred from the rows: 60 s / 30 min / 3 h / 12 h on classic PVE, finer on
 * newer); each bucket is the overlap-weighted average of the rows it covers, so coarse data is
 * spread and fine data averaged. A bucket no row covers reads 0; `maxMemFallback` stands in for an
 * unknown memory size.
 */
export function shapeMetrics(rows: readonly RrdRow[], range: MetricsRange, now: Date, maxMemFallback: number): MetricPoint[] {
  const { points, stepSeconds } = METRICS_RANGES[range];
  const src = rows.filter((r) => Number.isFinite(r.time)).sort((a, b) => a.time - b.time);
  let srcStep = Infinity;
  for (let i = 1; i < src.length; i++) {
    const d = src[i]!.time - src[i - 1]!.time;
    if (d > 0 && d < srcStep) srcStep = d;
  }
  if (!Number.isFinite(srcStep)) srcStep = stepSeconds;
  const last = Math.floor(now.getTime() / 1000 / stepSeconds) * stepSeconds;
  const out: MetricPoint[] = [];
  let first = 0;
  for (let i = points - 1; i >= 0; i--) {
    const end = last - i * stepSeconds;
    const start = end - stepSeconds;
    while (first < src.length && src[first]!.time <= start) first++;
    const sum: Record<(typeof RRD_FIELDS)[number], [number, number]> = {
      cpu: [0, 0], mem: [0, 0], maxmem: [0, 0], netin: [0, 0], netout: [0, 0], diskread: [0, 0], diskwrite: [0, 0],
    };
    for (let j = first; j < src.length && src[j]!.time - srcStep < end; j++) {
      const row = src[j]!;
      const overlap = Math.min(end, row.time) - Math.max(start, row.time - srcStep);
      if (overlap <= 0) continue;
      for (const f of RRD_FIELDS) {
        const v = row[f];
        if (typeof v === 'number' && Number.isFinite(v)) {
          sum[f][0] += v * overlap;
          sum[f][1] += overlap;
        }
      }
    }
    const avg = (f: (typeof RRD_FIELDS)[number]) => (sum[f][1] > 0 ? Math.max(0, sum[f][0] / sum[f][1]) : 0);
    const mem = Math.round(avg('mem'));
    const maxMemBytes = Math.round(avg('maxmem')) || Math.round(maxMemFallback) || mem;
    out.push({
      time: end,
      cpu: Math.round(Math.min(1, avg('cpu')) * 10_000) / 10_000,
      memBytes: Math.min(mem, maxMemBytes),
      maxMemBytes,
      netInBps: Math.round(avg('netin')),
      netOutBps: Math.round(avg('netout')),
      diskReadBps: Math.round(avg('diskread')),
      diskWriteBps: Math.round(avg('diskwrite')),
    });
  }
  return out;
}
