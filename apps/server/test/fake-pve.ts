import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CREATE_CONFIG_KEYS,
  applyCreateConfig,
  checkCreateConfig,
  checkSshKeys,
  createRoutes,
  settleCreateTask,
  type CreateContext,
  type FakeTask,
  type FakeVm,
} from './fake-pve-create.js';
import { dataRoutes, parseMultipart, type FakeVolume, type TaskOptions, type UploadedFile } from './fake-pve-data.js';
import { firewallRoutes } from './fake-pve-firewall.js';
import { guestRoutes } from './fake-pve-guest.js';
import { LIFECYCLE_CONFIG_KEYS, lifecycleRoutes } from './fake-pve-lifecycle.js';
import { serveFakeRfb, type FakeRfbSession } from './fake-rfb.js';

/**
 * A fake Proxmox VE API on 127.0.0.1 for the `proxmox` driver's tests. It answers `/api2/json/...`
 * with the real API's shapes and refusals (see /work/shared/reference/proxmox-redfish.md):
 * API-token auth (a bad token gets 401 'authentication failure' after `authDelayMs`), the `{data}`
 * envelope, 400 'Parameter verification failed.' with `errors`, 500 with the handler's message as
 * reason phrase ('VM is locked (backup)', 'Configuration file ... does not exist'), 501 for
 * unknown paths, UPIDs in the real format, and tasks that end `taskDurationMs` after they start.
 * Like Proxmox, refusals that Proxmox only discovers inside the worker (a start of a running VM,
 * a power action under a lock) end the task in error instead of refusing the request; reboot and
 * reset of a stopped VM, and every destroy refusal, are immediate (qemu-server checks those first).
 * A node that is down answers 595 and its VMs read 'unknown' in the resources (unverified detail).
 * Consoles: `POST vncproxy` answers a port and a one-time ticket valid for 10 s; the websocket
 * `vncwebsocket?port=..&vncticket=..` (token header required) then speaks RFB 3.8 as QEMU does,
 * with VNC authentication by the generated password, else the ticket (fake-rfb.ts).
 * Creating VMs (nextid, clone, resize, the cloud-init keys of config): fake-pve-create.ts.
 * Storage contents, backups, restores, snapshots, ISO uploads and the CD drive: fake-pve-data.ts.
 * The guest agent's passwords, TPM and disk removal, cloud-init regeneration and the config file
 * lock a clone holds: fake-pve-lifecycle.ts. VM firewalls and cluster IP sets: fake-pve-firewall.ts.
 * Files and programs inside the guests (agent/file-write, exec, exec-status): fake-pve-guest.ts.
 * In-memory only; several can run side by side.
 */

/** A VM to put on the fake cluster. */
export interface FakeVmSpec {
  name: string;
  vmid?: number;
  /** Default: the nodes in turn, so the driver has to look VMs up. */
  node?: string;
  power?: 'RUNNING' | 'STOPPED';
  /** Config `protection` (the portal's lock). */
  protection?: boolean;
  /** A Proxmox lock such as 'backup'. */
  lock?: string | null;
  cores?: number;
  memoryMb?: number;
  diskGb?: number;
  /** Extra or replacing config keys, as Proxmox stores them (e.g. `boot: 'cdn'`, `bios: 'ovmf'`). */
  config?: Record<string, string | number>;
}

/** A timeframe's RRD shape: seconds between rows and how many rows. Classic PVE keeps 70 rows per timeframe. */
export type RrdShape = Record<'hour' | 'day' | 'week' | 'month' | 'year', { step: number; rows: number }>;

/** One `rrddata` row: `time` and the values the RRD knows. */
export type RrdOut = { time: number } & Partial<Record<string, number>>;

/** How the fake behaves. */
export interface FakePveOptions {
  tokenId?: string;
  secret?: string;
  /** Delay before a 401, ms (Proxmox waits 3 s; default 20 for tests). */
  authDelayMs?: number;
  /** How long every task runs, ms (default 0). */
  taskDurationMs?: number;
  /** Nodes of the cluster (default pve1 and pve2, online). */
  nodes?: { name: string; online?: boolean }[];
  /** Serve https with this key and certificate instead of http. */
  tls?: { key: string; cert: string };
  /** RRD resolutions (default: classic PVE, 70 rows at 1 min / 30 min / 3 h / 12 h / 1 week). */
  rrd?: Partial<RrdShape>;
  /** Resize synchronously and answer null, as PVE before 8 did (default: a `resize` task). */
  syncResize?: boolean;
  /** How long after a VM starts its guest agent answers, ms (default 0). */
  agentDelayMs?: number;
}

/** A VM template offering a system image, named `tpl-<image>` as the proxmox driver looks for. */
export interface FakeTemplateSpec {
  /** The image id, e.g. 'debian-12'. */
  image: string;
  vmid?: number;
  node?: string;
  /** The storage of its disks (default 'local-lvm', which cannot be cloned to another node). */
  storage?: string;
  /** Its boot disk, GB (default 4). */
  diskGb?: number;
  /** Whether it has a cloud-init drive (default true). */
  cloudInit?: boolean;
  /** Extra or replacing config keys (e.g. `ostype: 'win11'`, `bios: 'ovmf'`). */
  config?: Record<string, string | number>;
}

/** A request as the fake saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Query and body parameters (filled for authenticated requests). */
  params: Record<string, string>;
  /** A multipart request's file part: its field, file name and byte count. */
  upload?: UploadedFile;
}

/** The running fake and its control handles. */
export interface FakePve {
  /** `http(s)://127.0.0.1:<port>`, the driver's `baseUrl`. */
  url: string;
  tokenId: string;
  secret: string;
  /** Every request received, oldest first. */
  requests: SeenRequest[];
  createVm(spec: FakeVmSpec): number;
  /** Adds a VM template for a system image (`template: 1`, named `tpl-<image>`) and answers its vmid. */
  createTemplate(spec: FakeTemplateSpec): number;
  /** The next task started on this VM ends in error with `message`. */
  failNextTask(vmid: number, message: string): void;
  /** The next task of the node itself (ISO upload, removal) ends in error with `message`. */
  failNextNodeTask(node: string, message: string): void;
  /** Sets how long tasks run from now on, ms; running tasks end no later than that from now. */
  setTaskDuration(ms: number): void;
  /** The volumes on a node's storage (default `local`). */
  volumes(node: string, storage?: string): FakeVolume[];
  /** Sets or clears Proxmox's own lock (backup, migrate, ...). */
  setLock(vmid: number, lock: string | null): void;
  /** Takes a node down (its VMs read 'unknown', requests to it get 595) or brings it back. */
  setNodeOnline(name: string, online: boolean): void;
  /** The next authenticated `method` request whose path (after `/api2/json`) matches `path` gets this failure instead. */
  failNextRequest(method: string, path: RegExp, status: number, message: string, errors?: Record<string, string>): void;
  /** The VM's stored config, or undefined once destroyed. */
  vmConfig(vmid: number): Record<string, string | number> | undefined;
  /** The rows `rrddata` would answer now (for resampling checks). */
  rrdRows(vmid: number, timeframe: keyof RrdShape): RrdOut[];
  /** The open console websockets. */
  vncSockets(): number;
  /** The VNC sessions served so far, oldest first (what each viewer did). */
  rfbSessions: FakeRfbSession[];
  /** When set, the VMs' VNC servers expect this password instead of the console's (to make logins fail). */
  vncPassword: string | null;
  /** Closes every console websocket from the cluster's side. */
  dropVncSockets(): void;
  /** Sets how long after a start the guest agents answer, ms. */
  setAgentDelay(ms: number): void;
  /** Whether the guest agent last set `password` for `user` in the VM (or its clone source). */
  guestPasswordIs(vmid: number, user: string, password: string): boolean;
  /** The cloud-init keys the VM's cloud-init drive was last regenerated from (`PUT cloudinit`), or undefined. */
  cloudInitDrive(vmid: number): Record<string, string | number> | undefined;
  /** A file of the VM's guest as the agent left it (content and mode), or undefined. */
  guestFile(vmid: number, path: string): { content: string; mode: number } | undefined;
  /** The cluster IP sets as stored, and a way to put one there by hand (an operator's own). */
  firewall: Pick<ReturnType<typeof firewallRoutes>, 'ipset' | 'putIpset'>;
  close(): Promise<void>;
}

type Vm = FakeVm;
type Task = FakeTask;

class PveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

const DNS_LABEL = '[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?';
const DNS_NAME = new RegExp(`^(${DNS_LABEL}\\.)*${DNS_LABEL}$`);
const BOOLEAN = /^(0|1|yes|no|on|off|true|false)$/i;
const CLASSIC_RRD: RrdShape = {
  hour: { step: 60, rows: 70 },
  day: { step: 1800, rows: 70 },
  week: { step: 10800, rows: 70 },
  month: { step: 43200, rows: 70 },
  year: { step: 604800, rows: 70 },
};
const hex8 = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
const NET_KEYS = Array.from({ length: 8 }, (_, i) => `net${i}`);
const paramError = (errors: Record<string, string>) => new PveError(400, 'Parameter verification failed.', errors);

/** A form body's fields; a key given more than once becomes the list of its values. */
function formFields(raw: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** Starts the fake on a random loopback port. */
export async function startFakePve(options: FakePveOptions = {}): Promise<FakePve> {
  const tokenId = options.tokenId ?? 'portside@pve!driver';
  const secret = options.secret ?? crypto.randomUUID();
  const authDelayMs = options.authDelayMs ?? 20;
  let taskMs = options.taskDurationMs ?? 0;
  const rrd: RrdShape = { ...CLASSIC_RRD, ...options.rrd };
  const nodes = (options.nodes ?? [{ name: 'pve1' }, { name: 'pve2' }]).map((n) => ({ name: n.name, online: n.online ?? true }));
  const vms = new Map<number, Vm>();
  const tasks = new Map<string, Task>();
  const requests: SeenRequest[] = [];
  let injected: { method: string; path: RegExp; error: PveError } | null = null;
  const vncTickets = new Map<string, { vmid: number; node: string; port: number; until: number; password: string }>();
  const wss = new WebSocketServer({ noServer: true });
  const rfbSessions: FakeRfbSession[] = [];
  let pid = 0x1000;
  let placed = 0;

  function settle(now: number): void {
    for (const t of tasks.values()) {
      if (t.exit !== null || t.endsAt > now) continue;
      const vm = vms.get(t.vmid);
      // A task that ends with warnings still did its work.
      let failure = t.failure && !/^WARNINGS: \d+$/.test(t.failure) ? t.failure : null;
      if (data.types.has(t.type)) {
        t.exit = data.settle(t, failure) ?? t.failure ?? 'OK';
        continue;
      }
      if (!failure && vm?.config.lock && t.type !== 'qmdestroy') failure = `VM is locked (${vm.config.lock})`;
      if (!failure && vm && t.type === 'qmstart' && vm.running) failure = `VM ${vm.vmid} already running`;
      if (!failure && vm && (t.type === 'qmreboot' || t.type === 'qmreset') && !vm.running) failure = `VM ${vm.vmid} not running`;
      if (t.type === 'qmclone' || t.type === 'resize') failure = settleCreateTask(createContext, t, failure);
      if (t.type === 'qmclone' && !failure) lifecycle.cloned(t.vmid, Number(t.params?.newid));
      if (!failure && vm) {
        if (t.type === 'qmstart') Object.assign(vm, { running: true, startedAt: t.endsAt });
        else if (t.type === 'qmstop' || t.type === 'qmshutdown') vm.running = false;
        else if (t.type === 'qmreboot' || t.type === 'qmreset') vm.startedAt = t.endsAt;
        else if (t.type === 'qmdestroy') {
          vms.delete(vm.vmid);
          data.forget(vm.vmid);
          guest.forget(vm.vmid);
        }
      }
      t.exit = failure ?? t.failure ?? 'OK';
    }
  }

  /**
   * Starts a task of a VM, or of a node when `owner` is only a node (vmid 0, empty id), taking the
   * VM's injected failure (or `o.failureOf`'s) unless `o.failure` says why it fails anyway.
   */
  function startTask(owner: Vm | { node: string }, type: string, params?: Record<string, string>, o: TaskOptions = {}): string {
    const vm = 'vmid' in owner ? owner : null;
    const now = Date.now();
    const sec = Math.floor(now / 1000);
    const id = o.upidId ?? String(vm?.vmid ?? '');
    const upid = `UPID:${owner.node}:${hex8(++pid)}:${hex8(sec * 100 + (pid % 100))}:${hex8(sec)}:${type}:${id}:${tokenId}:`;
    const injectedBy = o.failureOf ?? vm;
    const injected = injectedBy?.failNext ?? null;
    if (injectedBy) injectedBy.failNext = null;
    if (vm && o.lock && !o.failure) vm.config.lock = o.lock;
    tasks.set(upid, {
      upid,
      node: owner.node,
      vmid: vm?.vmid ?? 0,
      type,
      endsAt: now + taskMs,
      startedAt: now,
      failure: o.failure ?? injected,
      exit: null,
      ...(params ? { params } : {}),
      ...(o.lock && !o.failure ? { lock: o.lock } : {}),
      ...(o.upidId !== undefined ? { upidId: o.upidId } : {}),
    });
    if (taskMs <= 0) settle(now);
    return upid;
  }

  function node(name: string) {
    const n = nodes.find((x) => x.name === name);
    // The text is pve-cluster's check_node_exists; the status the proxy gives it is unverified (500 or 596).
    if (!n) throw new PveError(500, `no such cluster node '${name}'`);
    if (!n.online) throw new PveError(595, `Connection refused`);
    return n;
  }

  function vmOn(nodeName: string, id: string): Vm {
    node(nodeName);
    if (!/^\d+$/.test(id)) throw paramError({ vmid: `type check ('integer') failed - got '${id}'` });
    const vm = vms.get(Number(id));
    if (!vm || vm.node !== nodeName)
      throw new PveError(500, `Configuration file 'nodes/${nodeName}/qemu-server/${id}.conf' does not exist`);
    return vm;
  }

  const checkLock = (vm: Vm) => {
    if (vm.config.lock) throw new PveError(500, `VM is locked (${vm.config.lock})`);
  };

  let agentDelayMs = options.agentDelayMs ?? 0;
  const lifecycle = lifecycleRoutes(
    { vms, tasks, vmOn, checkLock, fail: (status, message) => new PveError(status, message), paramError },
    { agentDelayMs },
  );
  const guest = guestRoutes({
    vmOn,
    fail: (status, message) => new PveError(status, message),
    paramError,
    agentDelayMs: () => agentDelayMs,
    taskMs: () => taskMs,
  });

  const firewall = firewallRoutes({ vmOn, fail: (status, message) => new PveError(status, message), paramError });

  const createContext: CreateContext = {
    vms,
    node,
    vmOn,
    checkLock,
    checkFileLock: (vm, exclusive) => lifecycle.checkFileLock(vm, exclusive),
    startTask,
    fail: (status, message) => new PveError(status, message),
    paramError,
    syncResize: options.syncResize ?? false,
  };

  const data = dataRoutes({
    vms,
    tasks,
    node,
    vmOn,
    startTask,
    fail: (status, message) => new PveError(status, message),
    paramError,
    checkConfig: (vm, p) => checkConfig(vm, p),
    applyConfig: (vm, p) => applyConfig(vm, p),
  });

  function resource(vm: Vm) {
    const c = vm.config;
    const maxmem = Number(String(c.memory).replace('current=', '')) * 1024 * 1024;
    return {
      id: `qemu/${vm.vmid}`,
      type: 'qemu',
      node: vm.node,
      vmid: vm.vmid,
      name: c.name,
      status: nodes.find((n) => n.name === vm.node)?.online ? (vm.running ? 'running' : 'stopped') : 'unknown',
      template: c.template === 1 ? 1 : 0,
      ...(c.lock ? { lock: c.lock } : {}),
      cpu: vm.running ? 0.02 : 0,
      maxcpu: Number(c.cores) * Number(c.sockets ?? 1),
      mem: vm.running ? Math.round(maxmem * 0.4) : 0,
      maxmem,
      disk: 0,
      maxdisk: 10 * 1024 ** 3,
      netin: 0,
      netout: 0,
      diskread: 0,
      diskwrite: 0,
      uptime: vm.running ? Math.floor((Date.now() - vm.startedAt) / 1000) : 0,
    };
  }

  function rrdRows(vm: Vm, timeframe: keyof RrdShape): RrdOut[] {
    const { step, rows } = rrd[timeframe];
    const last = Math.floor(Date.now() / 1000 / step) * step;
    const maxmem = Number(String(vm.config.memory).replace('current=', '')) * 1024 * 1024;
    const out: RrdOut[] = [];
    for (let i = rows - 1; i >= 0; i--) {
      const time = last - i * step;
      // The fake's VMs pretend to have run for three days; older rows have no values, as the RRD answers for a VM that did not exist yet.
      if (time * 1000 < vm.createdAt - 3 * 86_400_000) {
        out.push({ time });
        continue;
      }
      const wave = Math.sin((time / 3600) * 0.7 + vm.vmid) * 0.5 + 0.5;
      out.push({
        time,
        cpu: 0.05 + 0.3 * wave,
        maxcpu: Number(vm.config.cores),
        mem: Math.round(maxmem * (0.3 + 0.4 * wave)),
        maxmem,
        disk: 0,
        maxdisk: 10 * 1024 ** 3,
        netin: 1000 + 50_000 * wave,
        netout: 500 + 20_000 * wave,
        diskread: 4000 * wave,
        diskwrite: 9000 * wave,
      });
    }
    return out;
  }

  function putConfig(vm: Vm, p: Record<string, string>): null {
    checkConfig(vm, p);
    applyConfig(vm, p);
    return null;
  }

  /** Checks a config write as Proxmox does before writing: schema (400), SSH keys, lock, digest. */
  function checkConfig(vm: Vm, p: Record<string, string>): void {
    const known = new Set([
      'name',
      'protection',
      'delete',
      'digest',
      'cores',
      'memory',
      'description',
      'tags',
      'skiplock',
      'ide2',
      'boot',
      ...NET_KEYS,
      ...CREATE_CONFIG_KEYS,
      ...LIFECYCLE_CONFIG_KEYS,
    ]);
    const errors: Record<string, string> = {};
    for (const k of Object.keys(p))
      if (!known.has(k)) errors[k] = 'property is not defined in schema and the schema does not allow additional properties';
    if (p.name !== undefined && !DNS_NAME.test(p.name))
      errors.name = 'invalid format - value does not look like a valid DNS name';
    for (const k of NET_KEYS)
      if (p[k] !== undefined && !/^(virtio|e1000|rtl8139|vmxnet3)(=[0-9A-F]{2}(:[0-9A-F]{2}){5})?(,[a-z_]+=[^,]+)*$/.test(p[k]))
        errors[k] = `invalid format - format error`;
    if (p.protection !== undefined && !BOOLEAN.test(p.protection))
      errors.protection = `type check ('boolean') failed - got '${p.protection}'`;
    checkCreateConfig(p, errors);
    lifecycle.checkSchema(vm, p, errors);
    if (Object.keys(errors).length) throw paramError(errors);
    checkSshKeys(p, createContext.fail);
    lifecycle.checkFileLock(vm);
    checkLock(vm);
    if (p.digest !== undefined && p.digest !== digestOf(vm))
      throw new PveError(500, 'detected modified configuration - file changed by other user? Try again.');
    lifecycle.checkRemoval(vm, p);
  }

  /** Writes a checked config change as Proxmox stores it. */
  function applyConfig(vm: Vm, p: Record<string, string>): void {
    for (const [k, v] of Object.entries(p)) {
      if (k === 'delete') lifecycle.deleteKeys(vm, v, p.force);
      else if (k === 'protection') {
        vm.config.protection = /^(1|yes|on|true)$/i.test(v) ? 1 : 0; // as Proxmox writes it, 0 included
      } else if (applyCreateConfig(vm, k, v) || lifecycle.applyKey(vm, k, v)) continue;
      else if (k !== 'digest' && k !== 'skiplock') vm.config[k] = /^\d+$/.test(v) && k !== 'name' ? Number(v) : v;
    }
  }

  /** Proxmox hashes the config file; a hash of the stored keys does the same job here. */
  const digestOf = (vm: Vm) => crypto.createHash('sha1').update(JSON.stringify(vm.config)).digest('hex');
  const configOut = (vm: Vm) => ({
    ...vm.config,
    ...(vm.config.cipassword ? { cipassword: '**********' } : {}),
    digest: digestOf(vm),
  });

  type Handler = (m: string[], p: Record<string, string>) => unknown;
  const routes: [string, RegExp, Handler][] = [
    ...createRoutes(createContext),
    ...data.routes,
    ...lifecycle.routes,
    ...firewall.routes,
    ...guest.routes,
    ['GET', /^\/version$/, () => ({ version: '8.2.4', release: '8.2', repoid: 'faa83925c9641325' })],
    [
      'GET',
      /^\/nodes$/,
      () =>
        nodes.map((n) => ({
          node: n.name,
          status: n.online ? 'online' : 'offline',
          type: 'node',
          id: `node/${n.name}`,
          level: '',
        })),
    ],
    [
      'GET',
      /^\/cluster\/resources$/,
      (_m, p) => {
        if (p.type !== undefined && !['vm', 'storage', 'node', 'sdn'].includes(p.type)) {
          throw paramError({ type: `value '${p.type}' does not have a value in the enumeration 'vm, storage, node, sdn'` });
        }
        const vmItems = [...vms.values()].map(resource);
        if (p.type === 'vm') return vmItems;
        return [
          ...nodes.map((n) => ({ id: `node/${n.name}`, type: 'node', node: n.name, status: n.online ? 'online' : 'offline' })),
          ...vmItems,
        ];
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/status\/current$/,
      ([, n, id]) => {
        const vm = vmOn(n!, id!);
        const r = resource(vm);
        return {
          vmid: vm.vmid,
          name: r.name,
          status: r.status,
          qmpstatus: r.status,
          uptime: r.uptime,
          cpus: r.maxcpu,
          maxmem: r.maxmem,
          mem: r.mem,
          cpu: r.cpu,
          ha: { managed: 0 },
          ...(vm.config.lock ? { lock: vm.config.lock } : {}),
        };
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/status\/(start|stop|shutdown|reboot|reset)$/,
      ([, n, id, action]) => {
        const vm = vmOn(n!, id!);
        // As qemu-server: reboot and reset check the power state at once, the rest inside the worker.
        if ((action === 'reboot' || action === 'reset') && !vm.running) throw new PveError(500, `VM ${vm.vmid} not running`);
        return startTask(vm, `qm${action}`);
      },
    ],
    ['GET', /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/config$/, ([, n, id]) => configOut(vmOn(n!, id!))],
    ['PUT', /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/config$/, ([, n, id], p) => putConfig(vmOn(n!, id!), p)],
    [
      'DELETE',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)$/,
      ([, n, id]) => {
        const vm = vmOn(n!, id!);
        lifecycle.checkFileLock(vm);
        checkLock(vm);
        if (vm.config.protection) throw new PveError(500, `can't remove VM ${vm.vmid} - protection mode enabled`);
        if (vm.running) throw new PveError(500, `VM ${vm.vmid} is running - destroy failed`);
        return startTask(vm, 'qmdestroy');
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/rrddata$/,
      ([, n, id], p) => {
        const vm = vmOn(n!, id!);
        const errors: Record<string, string> = {};
        if (p.timeframe === undefined) errors.timeframe = 'property is missing and it is not optional';
        else if (!Object.hasOwn(rrd, p.timeframe))
          errors.timeframe = `value '${p.timeframe}' does not have a value in the enumeration 'hour, day, week, month, year'`;
        if (p.cf !== undefined && p.cf !== 'AVERAGE' && p.cf !== 'MAX')
          errors.cf = `value '${p.cf}' does not have a value in the enumeration 'AVERAGE, MAX'`;
        if (Object.keys(errors).length) throw paramError(errors);
        return rrdRows(vm, p.timeframe as keyof RrdShape);
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/vncproxy$/,
      ([, n, id], p) => {
        const vm = vmOn(n!, id!);
        if (p.websocket !== undefined && !BOOLEAN.test(p.websocket))
          throw paramError({ websocket: `type check ('boolean') failed - got '${p.websocket}'` });
        const port = 5900 + vncTickets.size + 1;
        const ticket = `PVEVNC:${hex8(Math.floor(Date.now() / 1000))}::${crypto.randomBytes(24).toString('base64')}`;
        const password = /^(1|yes|on|true)$/i.test(p['generate-password'] ?? '')
          ? crypto.randomBytes(6).toString('base64url')
          : undefined;
        vncTickets.set(ticket, { vmid: vm.vmid, node: vm.node, port, until: Date.now() + 10_000, password: password ?? ticket });
        const upid = startTask(vm, 'vncproxy');
        return {
          user: tokenId,
          ticket,
          port: String(port),
          upid,
          cert: '-----BEGIN CERTIFICATE-----\n(fake)\n-----END CERTIFICATE-----\n',
          ...(password ? { password } : {}),
        };
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/tasks\/([^/]+)\/status$/,
      ([, n, upid]) => {
        node(n!);
        const parts = /^UPID:([^:]+):([0-9A-F]{8}):([0-9A-F]{8,9}):([0-9A-F]{8}):([^:]*):([^:]*):([^:]+):$/.exec(upid!);
        if (!parts) throw paramError({ upid: 'unable to parse worker upid' });
        const t = tasks.get(upid!);
        if (!t || t.node !== n) throw paramError({ upid: 'no such task' });
        const base = {
          upid: t.upid,
          node: t.node,
          pid: parseInt(parts[2]!, 16),
          pstart: parseInt(parts[3]!, 16),
          starttime: parseInt(parts[4]!, 16),
          type: t.type,
          id: t.upidId ?? String(t.vmid),
          user: tokenId,
        };
        return t.exit === null ? { ...base, status: 'running' } : { ...base, status: 'stopped', exitstatus: t.exit };
      },
    ],
  ];

  function send(res: http.ServerResponse, status: number, reason: string, body: unknown): void {
    res.writeHead(status, reason.replace(/[^\x20-\x7e]/g, ' '), { 'Content-Type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const authorization = req.headers.authorization;
    const seen: SeenRequest = { method, path: url.pathname, authorization, params: {} };
    requests.push(seen);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (authorization !== `PVEAPIToken=${tokenId}=${secret}`) {
      if (authorization) await new Promise((r) => setTimeout(r, authDelayMs));
      send(res, 401, authorization ? 'authentication failure' : 'No ticket', { data: null });
      return;
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    const contentType = req.headers['content-type'] ?? '';
    const rawBody = Buffer.concat(chunks);
    if (/^multipart\/form-data/.test(contentType)) {
      // The file part's name and length reach the route as '@file' and '@bytes'.
      let parsed: ReturnType<typeof parseMultipart>;
      try {
        parsed = parseMultipart(rawBody, contentType);
      } catch (e) {
        send(res, 400, e instanceof Error ? e.message : 'bad multipart body', { data: null });
        return;
      }
      Object.assign(params, parsed.fields);
      if (parsed.file) {
        seen.upload = parsed.file;
        if (parsed.file.field === 'filename')
          Object.assign(params, { '@file': parsed.file.filename, '@bytes': String(parsed.file.bytes) });
      }
    } else if (rawBody.length) {
      const raw = rawBody.toString('utf8');
      const json = /json/.test(contentType);
      const body: Record<string, unknown> = json ? JSON.parse(raw) : formFields(raw);
      // A list (a key repeated in a form, an array in JSON) reaches the route NUL-joined, as CGI.pm hands it to Proxmox.
      for (const [k, v] of Object.entries(body)) params[k] = Array.isArray(v) ? v.map(String).join('\0') : String(v);
    }
    seen.params = params;
    settle(Date.now());
    try {
      const path = url.pathname.startsWith('/api2/json/') ? url.pathname.slice('/api2/json'.length) : null;
      if (injected && injected.method === method && path !== null && injected.path.test(path)) {
        const { error } = injected;
        injected = null;
        throw error;
      }
      for (const [m, re, fn] of routes) {
        const match = path === null ? null : re.exec(path);
        if (m === method && match) {
          const data = fn(
            [...match].map((s, i) => (i === 0 ? s : decodeURIComponent(s))),
            params,
          );
          send(res, 200, 'OK', { data: data ?? null });
          return;
        }
      }
      throw new PveError(501, `Method '${method} ${url.pathname}' not implemented`);
    } catch (e) {
      if (!(e instanceof PveError)) throw e;
      send(res, e.status, e.message, e.errors ? { data: null, errors: e.errors } : { data: null });
    }
  }

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handle(req, res).catch((e: unknown) => send(res, 500, e instanceof Error ? e.message : 'internal error', { data: null }));
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : http.createServer(listener);

  // The console websocket: the token, a ticket of this VM and port (one use), then RFB banner and echo.
  server.on('upgrade', (req: http.IncomingMessage, sock: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    requests.push({ method: 'GET', path: url.pathname, authorization: req.headers.authorization, params });
    const refuse = (status: number, reason: string) => {
      sock.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (req.headers.authorization !== `PVEAPIToken=${tokenId}=${secret}`) return refuse(401, 'authentication failure');
    const m = /^\/api2\/json\/nodes\/([^/]+)\/qemu\/(\d+)\/vncwebsocket$/.exec(url.pathname);
    if (!m) return refuse(501, 'Not Implemented');
    const t = vncTickets.get(params.vncticket ?? '');
    if (!t || t.until < Date.now() || t.node !== m[1] || t.vmid !== Number(m[2]) || String(t.port) !== params.port)
      return refuse(401, 'permission denied - invalid vncticket');
    vncTickets.delete(params.vncticket!);
    wss.handleUpgrade(req, sock, head, (ws: WebSocket) => {
      const vm = vms.get(t.vmid)!;
      rfbSessions.push(
        serveFakeRfb(ws, { password: api.vncPassword ?? t.password, name: String(vm.config.name ?? `VM ${vm.vmid}`) }),
      );
      ws.on('error', () => ws.terminate());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function vmOrThrow(vmid: number): Vm {
    const vm = vms.get(vmid);
    if (!vm) throw new Error(`fake PVE has no VM ${vmid}`);
    return vm;
  }

  const api: FakePve = {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    vncPassword: null,
    rfbSessions,
    tokenId,
    secret,
    requests,
    createVm(spec) {
      const vmid = spec.vmid ?? Math.max(99, ...vms.keys()) + 1;
      if (vms.has(vmid)) throw new Error(`fake PVE already has VM ${vmid}`);
      const nodeName = spec.node ?? nodes[placed++ % nodes.length]!.name;
      const now = Date.now();
      const config: Record<string, string | number> = {
        name: spec.name,
        cores: spec.cores ?? 1,
        sockets: 1,
        memory: String(spec.memoryMb ?? 1024),
        ostype: 'l26',
        scsihw: 'virtio-scsi-single',
        scsi0: `local-lvm:vm-${vmid}-disk-0,iothread=1,size=${spec.diskGb ?? 10}G`,
        ide2: 'none,media=cdrom',
        net0: `virtio=BC:24:11:${hex8(vmid).slice(2, 4)}:${hex8(vmid).slice(4, 6)}:${hex8(vmid).slice(6, 8)},bridge=vmbr0,firewall=1`,
        boot: 'order=scsi0;ide2;net0',
        smbios1: `uuid=${crypto.randomUUID()}`,
        vmgenid: crypto.randomUUID(),
        meta: `creation-qemu=8.1.5,ctime=${Math.floor(now / 1000)}`,
        ...(spec.protection ? { protection: 1 } : {}),
        ...(spec.lock ? { lock: spec.lock } : {}),
        ...spec.config,
      };
      vms.set(vmid, {
        vmid,
        node: nodeName,
        running: spec.power === 'RUNNING',
        startedAt: now,
        createdAt: now,
        failNext: null,
        config,
      });
      return vmid;
    },
    createTemplate(spec) {
      const storage = spec.storage ?? 'local-lvm';
      const vmid = spec.vmid ?? Math.max(8999, ...vms.keys()) + 1;
      return api.createVm({
        vmid,
        name: `tpl-${spec.image}`,
        ...(spec.node ? { node: spec.node } : {}),
        diskGb: spec.diskGb ?? 4,
        config: {
          template: 1,
          scsi0: `${storage}:base-${vmid}-disk-0,iothread=1,size=${spec.diskGb ?? 4}G`,
          ...(spec.cloudInit === false ? {} : { ide0: `${storage}:vm-${vmid}-cloudinit,media=cdrom` }),
          serial0: 'socket',
          ...spec.config,
        },
      });
    },
    failNextTask(vmid, message) {
      vmOrThrow(vmid).failNext = message;
    },
    failNextNodeTask(nodeName, message) {
      data.failNextNodeTask(nodeName, message);
    },
    setTaskDuration(ms) {
      taskMs = ms;
      const latest = Date.now() + ms;
      for (const t of tasks.values()) if (t.exit === null && t.endsAt > latest) t.endsAt = latest;
    },
    volumes(nodeName, storageName) {
      return data.volumes(nodeName, storageName);
    },
    setLock(vmid, lock) {
      const vm = vmOrThrow(vmid);
      if (lock) vm.config.lock = lock;
      else delete vm.config.lock;
    },
    setNodeOnline(name, online) {
      const n = nodes.find((x) => x.name === name);
      if (!n) throw new Error(`fake PVE has no node ${name}`);
      n.online = online;
    },
    failNextRequest(method, path, status, message, errors) {
      injected = { method, path, error: new PveError(status, message, errors) };
    },
    vmConfig(vmid) {
      const vm = vms.get(vmid);
      return vm ? { ...vm.config } : undefined;
    },
    rrdRows(vmid, timeframe) {
      return rrdRows(vmOrThrow(vmid), timeframe);
    },
    vncSockets() {
      return wss.clients.size;
    },
    dropVncSockets() {
      for (const ws of wss.clients) ws.close(1000, 'vnc proxy ended');
    },
    setAgentDelay(ms) {
      agentDelayMs = ms;
      lifecycle.setAgentDelay(ms);
    },
    guestPasswordIs(vmid, user, password) {
      return lifecycle.guestPasswordIs(vmid, user, password);
    },
    cloudInitDrive(vmid) {
      return lifecycle.cloudInitDrive(vmid);
    },
    guestFile(vmid, path) {
      return guest.file(vmid, path);
    },
    firewall: { ipset: firewall.ipset, putIpset: firewall.putIpset },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}
