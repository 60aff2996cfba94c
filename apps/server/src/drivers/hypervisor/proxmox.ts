import {
  HypervisorError,
  LOCK_REFUSED_ACTIONS,
  METRICS_RANGES,
  VM_NAME_PATTERN,
  type HypervisorDriver,
  type HypervisorVm,
  type MetricsRange,
  type PowerAction,
  type PowerState,
  type VncTarget,
} from './hypervisor.js';
import { createClient, ProxmoxRequestError, type ProxmoxOptions } from './proxmox-client.js';
import { interpretConfig, num, shapeMetrics, truthy, type PveConfig, type PveResource, type RrdRow } from './proxmox-config.js';
import { isFollowTaskId, proxmoxProvisioning } from './proxmox-create.js';
import { proxmoxData } from './proxmox-data.js';
import { proxmoxLifecycle } from './proxmox-lifecycle.js';
import { proxmoxFirewall } from './proxmox-firewall.js';
import { proxmoxGuest } from './proxmox-guest.js';

export { ProxmoxRequestError, type ProxmoxOptions } from './proxmox-client.js';
export { interpretConfig, shapeMetrics } from './proxmox-config.js';

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
 *   `order=` or the legacy letters, bios, `tpmstate0`, and the static addresses of `ipconfig0`.
 *   metrics: `rrddata?timeframe=hour|day|week|month&cf=AVERAGE` resampled onto METRICS_RANGES'
 *   grid (see {@link shapeMetrics}).
 * - Power state rules (start of a running VM, reboot/reset/shutdown of a stopped one, delete of a
 *   running one) are checked against `status/current` first, so the answer is an INVALID_STATE
 *   refusal instead of a task that fails later.
 * - Tasks: the UPID names its node; `tasks/{upid}/status` `OK` or `WARNINGS: N` is ok, any other
 *   exit status is the error text. A creation a re-run finds still being cloned is followed by a
 *   task id of the driver's own (proxmox-create.ts), which `task` understands too.
 * - Creating VMs (nextVmid, create, finishCreate): proxmox-create.ts. Backups, snapshots, ISO
 *   images and the CD drive: proxmox-data.ts. Boot order, firmware, TPM, the guest agent's
 *   passwords, hardware, disk growth, copies and addresses: proxmox-lifecycle.ts. Files and programs
 *   in the guest (the guest agent): proxmox-guest.ts. The API client:
 *   proxmox-client.ts; reading configs and metrics: proxmox-config.ts.
 * - Errors: 400 → BAD_PARAMETER with every parameter error (400 on the task's `upid` →
 *   NOT_FOUND); 5xx 'VM is locked' / 'protection mode enabled' / "can't lock file ... got
 *   timeout" → LOCKED; 'does not exist' / 'no such cluster node' → NOT_FOUND; 'already running' /
 *   'not running' / 'is running' / 'is paused' / 'No QEMU guest agent configured' → INVALID_STATE; 'already exists', 'SSH public key validation error', 'uses local
 *   storage', 'shrinking disks is not supported', '... feature is not supported' → BAD_PARAMETER. Everything else
 *   (401, 403, 501, 595, timeouts, TLS) is a {@link ProxmoxRequestError}. No message ever
 *   carries the token secret, and the driver logs nothing.
 */

/** A VM's state as the checks before an action need it. */
interface VmState {
  power: PowerState;
  uptimeSeconds: number;
  /** Proxmox's own lock (backup, migrate, ...), or null. */
  lock: string | null;
  /** The portal's lock: config `protection`. */
  protection: boolean;
}

const POWER_ACTIONS: readonly PowerAction[] = ['start', 'stop', 'shutdown', 'reboot', 'reset'];
const TIMEFRAME: Record<MetricsRange, string> = { '1h': 'hour', '1d': 'day', '1w': 'week', '1m': 'month' };

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
    if (typeof data !== 'string' || !data.startsWith('UPID:'))
      throw new ProxmoxRequestError(null, `Proxmox VE ${what} answered no task id`);
    return data;
  }

  const provisioning = proxmoxProvisioning({ api, managed, locate, vmPath, upid });
  const dataCore = {
    api,
    managed,
    locate,
    vmPath,
    upid,
    state,
    backupStorage: options.backupStorage ?? 'local',
    isoStorage: options.isoStorage ?? 'local',
  };
  const dataPart = proxmoxData(dataCore);

  return {
    ...dataPart,
    ...proxmoxLifecycle(dataCore),
    ...proxmoxFirewall(dataCore),
    ...proxmoxGuest(dataCore),
    nextVmid: () => provisioning.nextVmid(),
    create: (spec) => provisioning.create(spec),
    finishCreate: (vmid, spec) => provisioning.finishCreate(vmid, spec),

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
        return {
          vmid: r.vmid,
          node: r.node,
          name: r.name ?? `VM ${r.vmid}`,
          power: r.status === 'running' ? 'RUNNING' : 'STOPPED',
          locked,
        };
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
      if (s.lock && !(action === 'start' && s.lock === 'suspended'))
        throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
      if (s.protection && LOCK_REFUSED_ACTIONS.includes(action)) throw new HypervisorError('LOCKED', 'VM is locked');
      if (action === 'start' && s.power === 'RUNNING') throw new HypervisorError('INVALID_STATE', `VM ${vmid} already running`);
      if (action !== 'start' && action !== 'stop' && s.power !== 'RUNNING')
        throw new HypervisorError('INVALID_STATE', `VM ${vmid} not running`);
      return upid(await api.call('POST', `${vmPath(r)}/status/${action}`), action);
    },

    async task(taskId) {
      if (isFollowTaskId(taskId)) return provisioning.followTask(taskId);
      const node = /^UPID:([A-Za-z0-9][A-Za-z0-9.-]*):[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+:[^:]*:[^:]*:[^:]+:$/.exec(
        taskId,
      )?.[1];
      if (!node) throw new HypervisorError('NOT_FOUND', `no such task '${taskId}'`);
      const t = await api.call<{ status?: string; exitstatus?: string }>(
        'GET',
        `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(taskId)}/status`,
      );
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
      await api.call('PUT', `${vmPath(r)}/config`, {
        protection: on ? 1 : 0,
        ...(typeof cfg.digest === 'string' ? { digest: cfg.digest } : {}),
      });
    },

    async rename(vmid, name) {
      if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name)) {
        throw new HypervisorError(
          'BAD_PARAMETER',
          'Parameter verification failed. name: invalid format - value does not look like a valid DNS name',
        );
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
        throw new HypervisorError(
          'BAD_PARAMETER',
          `timeframe: value '${String(range)}' does not have a value in the enumeration 'hour, day, week, month'`,
        );
      }
      const r = await locate(vmid);
      const rows = await api.call<RrdRow[]>('GET', `${vmPath(r)}/rrddata`, { timeframe: TIMEFRAME[range], cf: 'AVERAGE' });
      return shapeMetrics(rows ?? [], range, new Date(), num(r.maxmem, 0));
    },

    // `vncproxy` with websocket=1 opens a VNC proxy on the VM's node for a few seconds; its ticket
    // lets one websocket through `vncwebsocket` (which the API forwards to that node).
    async console(vmid) {
      const r = await locate(vmid);
      const d = await api.call<{ port?: unknown; ticket?: unknown; password?: unknown }>('POST', `${vmPath(r)}/vncproxy`, {
        websocket: 1,
        'generate-password': 1,
      });
      const port = num(d?.port, NaN);
      if (!Number.isInteger(port) || port <= 0 || typeof d?.ticket !== 'string' || d.ticket === '') {
        throw new ProxmoxRequestError(null, 'Proxmox VE vncproxy answered no port or ticket');
      }
      return { kind: 'vnc', node: r.node, port, ticket: d.ticket, password: typeof d.password === 'string' ? d.password : null };
    },

    async openVnc(vmid: number, target: VncTarget) {
      return api.socket(`/nodes/${encodeURIComponent(target.node)}/qemu/${vmid}/vncwebsocket`, {
        port: target.port,
        vncticket: target.ticket,
      });
    },
  };
}

/** Runs `fn` over `items` with at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
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
