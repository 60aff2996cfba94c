import { inTransaction } from '../../db/transaction.js';
import type pg from 'pg';
import {
  HypervisorError,
  LOCK_REFUSED_ACTIONS,
  METRICS_RANGES,
  VM_NAME_PATTERN,
  type HypervisorDriver,
  type MetricPoint,
  type MetricsRange,
  type PowerAction,
  type PowerState,
} from './hypervisor.js';
import { simulatorProvisioning, type SimCloudInit } from './simulator-create.js';
import { simulatorData } from './simulator-data.js';
import { parseIpconfig } from './lifecycle-rules.js';
import { simulatorLifecycle } from './simulator-lifecycle.js';
import { simulatorFirewall } from './simulator-firewall.js';
import { simulatorGuest } from './simulator-guest.js';
import type { FirewallPacket } from './firewall-rules.js';
import { endRunningTasks } from './simulator-data.repository.js';
import * as sim from './simulator.repository.js';
import type { SimTaskType, SimVmRow } from './simulator.repository.js';

/** How the simulator behaves. */
export interface SimulatorOptions {
  /** How long every task runs, in ms (0 = done at once, for tests; a few seconds in the demo). */
  taskDurationMs?: number;
  /** Failure injection for every task: when set, each task ends in error with this text. */
  failAllTasks?: string | null;
  /**
   * How long after a VM starts its guest agent answers, ms (set-user-password is refused before);
   * the task duration when left out, so 0 in tests.
   */
  agentDelayMs?: number;
  /** The clock (tests may move time); defaults to the real one. */
  now?: () => Date;
  /**
   * The nodes that make up this cluster when several simulated clusters share the sim_* tables
   * (one per location in the demo); the inventory shows only these. All nodes when left out.
   */
  nodes?: readonly string[] | null;
  /**
   * How long saving a VM's firewall takes, ms (config SIM_FIREWALL_MS; the provider's hardware
   * takes about 40 s): setFirewall answers a task that long, or null and writes at once when 0.
   */
  firewallMs?: number;
}

/** A new VM for the simulated cluster (test fixtures and the demo seed). */
export interface SimulatorVmSpec {
  node: string;
  name: string;
  /** Chosen by the cluster (next free id from 100) when left out. */
  vmid?: number;
  power?: PowerState;
  locked?: boolean;
  cores?: number;
  memoryMb?: number;
  diskGb?: number;
  bootOrder?: string[];
  bios?: 'seabios' | 'ovmf';
}

/** The simulator: the driver interface plus the set-up and failure-injection handles a real cluster lacks. */
export interface SimulatorHypervisor extends HypervisorDriver {
  /** Adds a node (or sets an existing one's online flag). */
  addNode(name: string, online?: boolean): Promise<void>;
  /** Adds a VM and answers its vmid. */
  createVm(spec: SimulatorVmSpec): Promise<number>;
  /** Makes the next task started on this VM fail with `message` (null clears it). */
  failNextTask(vmid: number, message: string | null): Promise<void>;
  /**
   * Makes the next task started on this node fail with `message` (null clears it), when the VM
   * has no failure of its own: how a test fails a VM's creation before the VM exists.
   */
  failNextTaskOnNode(node: string, message: string | null): Promise<void>;
  /** The first-boot data a created VM got (hostname, user, keys, password hash). */
  cloudInit(vmid: number): Promise<SimCloudInit>;
  /** Sets how long tasks started from now on run, ms (how a test holds a backup's lock). */
  setTaskDuration(ms: number): void;
  /** Sets how long after a start the guest agent answers, ms. */
  setAgentDelay(ms: number): void;
  /**
   * Whether `password` is `user`'s password inside the guest (what the agent set, else
   * cloud-init's): the serial console's login check.
   */
  checkConsoleLogin(vmid: number, user: string, password: string): Promise<boolean>;
  /** Ends every running task of this cluster now (each with its effect or injected failure). */
  finishRunningTasks(): Promise<void>;
  /** Sets how long saving a firewall takes from now on, ms (0: at once, no task). */
  setFirewallTime(ms: number): void;
  /** What the VM's firewall does with a packet now (the simulator keeps the rules and applies them). */
  firewallVerdict(vmid: number, packet: FirewallPacket): Promise<'ACCEPT' | 'DROP'>;
  /** A file of the VM's guest as the guest agent wrote it (content and mode), or null. */
  guestFile(vmid: number, path: string): Promise<{ content: string; mode: number } | null>;
}

type TaskType = SimTaskType;
const POWER_TASK: Record<PowerAction, TaskType> = {
  start: 'qmstart',
  stop: 'qmstop',
  shutdown: 'qmshutdown',
  reboot: 'qmreboot',
  reset: 'qmreset',
};

type VmRow = SimVmRow;

const hex8 = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');

/**
 * The `simulator` hypervisor: a Proxmox-like cluster kept in the sim_* tables (migration 0007), so
 * VMs survive restarts and every server instance sees the same cluster. Those tables are system
 * data without row-level security and closed to portside_app: pass the owner pool
 * (`Database.owner`). Tasks get Proxmox-shaped UPIDs and finish `taskDurationMs` after they start;
 * a task's effect (power state, destroy, creation, disk size) is applied lazily by the first call
 * that sees it due, so no timer has to survive a restart. Failure injection: `failAllTasks`, or
 * {@link SimulatorHypervisor.failNextTask} for one VM, or {@link SimulatorHypervisor.failNextTaskOnNode}
 * for a node; a failed task changes nothing (a failed creation removes the VM it was making).
 * Metrics are synthetic but deterministic (a hash of vmid and time bucket), so the same VM shows
 * the same history on every call and instance. Creating VMs (nextVmid, create, finishCreate):
 * simulator-create.ts; backups, snapshots, ISO images and the CD drive: simulator-data.ts; boot
 * order, firmware, TPM, guest passwords, hardware, disk growth, copies and addresses:
 * simulator-lifecycle.ts; files and programs inside the guests (the guest agent): simulator-guest.ts.
 */
export function createSimulatorHypervisor(pool: pg.Pool, options: SimulatorOptions = {}): SimulatorHypervisor {
  let durationMs = options.taskDurationMs ?? 0;
  let agentDelayMs = options.agentDelayMs ?? durationMs;
  let firewallMs = options.firewallMs ?? 0;
  const now = options.now ?? (() => new Date());

  /** A transaction that first ends the tasks that are due (the simulator's clock moves on each call). */
  const inTx = <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> =>
    inTransaction(pool, async (c) => {
      await settle(c, now());
      return fn(c);
    });

  /** Ends every task that is due and applies the effects of those that succeed, oldest first. */
  async function settle(c: pg.PoolClient, at: Date): Promise<void> {
    for (const t of await sim.dueTasks(c, at)) await sim.endTask(c, t);
  }

  async function vmRow(c: pg.PoolClient, vmid: number, forUpdate = false): Promise<VmRow> {
    const vm = await sim.findVm(c, vmid, forUpdate);
    if (!vm) throw new HypervisorError('NOT_FOUND', `Configuration file 'nodes/*/qemu-server/${vmid}.conf' does not exist`);
    return vm;
  }

  /**
   * Records a task for `vm` (consuming its or its node's injected failure) and answers the UPID. A
   * node's own task (`vmid` null: ISO upload and removal) has an empty id in its UPID, and
   * `upidId` overrides the id (a backup removal names no VM either, but counts as its VM's task).
   * `lengthFactor` stretches the task time (a full copy takes longer the larger the disk);
   * `fixedMs` gives a task its own length instead (saving a firewall).
   */
  async function startTask(
    c: pg.PoolClient,
    vm: Pick<VmRow, 'node' | 'fail_next'> & { vmid: number | null },
    type: TaskType,
    params: Record<string, unknown> = {},
    upidId: string = vm.vmid === null ? '' : String(vm.vmid),
    lengthFactor = 1,
    fixedMs?: number,
  ): Promise<string> {
    const id = await sim.nextTaskId(c);
    const started = now();
    const sec = Math.floor(started.getTime() / 1000);
    const upid = `UPID:${vm.node}:${hex8(id)}:${hex8(sec * 100)}:${hex8(sec)}:${type}:${upidId}:root@pam:`;
    let failure = vm.fail_next;
    if (failure !== null && vm.vmid !== null) await sim.clearVmFailure(c, vm.vmid);
    else failure = (await sim.takeNodeFailure(c, vm.node)) ?? options.failAllTasks ?? null;
    const lengthMs = fixedMs ?? Math.round(durationMs * lengthFactor);
    const finishes = new Date(started.getTime() + lengthMs);
    await sim.insertTask(c, { id, upid, node: vm.node, vmid: vm.vmid, type, failure, started, finishes, params });
    // A zero-length task is over already: settle it now, so the caller sees its effect at once.
    if (lengthMs <= 0) await settle(c, finishes);
    return upid;
  }

  /** Proxmox's own lock refuses every action, as on a real cluster. */
  const refuseUnderLock = (vm: VmRow) => {
    if (vm.pve_lock) throw new HypervisorError('LOCKED', `VM is locked (${vm.pve_lock})`);
  };

  const core = { inTx, vmRow, startTask, nodes: options.nodes ?? null, now };
  return {
    ...simulatorProvisioning(core),
    ...simulatorData(core),
    ...simulatorLifecycle({ ...core, agentDelayMs: () => agentDelayMs }),
    ...simulatorGuest({ ...core, agentDelayMs: () => agentDelayMs }),
    ...simulatorFirewall({
      ...core,
      firewallMs: () => firewallMs,
      startFirewallTask: (c, vm, params) => startTask(c, vm, 'fwupdate', { ...params }, undefined, 1, firewallMs),
    }),

    async inventory() {
      return inTx(async (c) => {
        const only = options.nodes ?? null;
        const nodes = await sim.listNodes(c, only);
        const vms = await sim.listVms(c, only);
        return {
          nodes: nodes.map((n) => ({ name: n.name, online: n.online })),
          vms: vms.map((v) => ({
            vmid: v.vmid,
            node: v.node,
            name: v.name,
            power: v.power,
            locked: v.locked || v.pve_lock !== null,
          })),
        };
      });
    },

    async status(vmid) {
      return inTx(async (c) => {
        const vm = await vmRow(c, vmid);
        const uptimeSeconds = vm.started_at ? Math.max(0, Math.floor((now().getTime() - vm.started_at.getTime()) / 1000)) : 0;
        return { vmid, power: vm.power, locked: vm.locked || vm.pve_lock !== null, uptimeSeconds };
      });
    },

    async power(vmid, action) {
      if (!(action in POWER_TASK)) throw new HypervisorError('BAD_PARAMETER', `unknown power action '${String(action)}'`);
      return inTx(async (c) => {
        const vm = await vmRow(c, vmid, true);
        refuseUnderLock(vm);
        if (vm.locked && LOCK_REFUSED_ACTIONS.includes(action)) throw new HypervisorError('LOCKED', 'VM is locked');
        if (action === 'start' && vm.power === 'RUNNING')
          throw new HypervisorError('INVALID_STATE', `VM ${vmid} already running`);
        if ((action === 'reboot' || action === 'reset' || action === 'shutdown') && vm.power !== 'RUNNING') {
          throw new HypervisorError('INVALID_STATE', `VM ${vmid} not running`);
        }
        return startTask(c, vm, POWER_TASK[action]);
      });
    },

    async task(taskId) {
      return inTx(async (c) => {
        const t = await sim.taskByUpid(c, taskId);
        if (!t) throw new HypervisorError('NOT_FOUND', `no such task '${taskId}'`);
        return { id: taskId, state: t.state, message: t.state === 'error' ? t.exit_status : null };
      });
    },

    async lock(vmid, on) {
      await inTx(async (c) => {
        const vm = await vmRow(c, vmid, true);
        if (vm.locked === on) return;
        refuseUnderLock(vm);
        await sim.setVmLocked(c, vmid, on);
      });
    },

    async rename(vmid, name) {
      if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name)) {
        throw new HypervisorError('BAD_PARAMETER', 'name: invalid format - value does not look like a valid DNS name');
      }
      await inTx(async (c) => {
        refuseUnderLock(await vmRow(c, vmid, true));
        await sim.setVmName(c, vmid, name);
      });
    },

    async delete(vmid) {
      return inTx(async (c) => {
        const vm = await vmRow(c, vmid, true);
        refuseUnderLock(vm);
        if (vm.locked) throw new HypervisorError('LOCKED', 'VM is locked');
        if (vm.power !== 'STOPPED') throw new HypervisorError('INVALID_STATE', `VM ${vmid} is running - destroy failed`);
        return startTask(c, vm, 'qmdestroy');
      });
    },

    async config(vmid) {
      return inTx(async (c) => {
        const vm = await vmRow(c, vmid);
        return {
          cores: vm.cores,
          memoryMb: vm.memory_mb,
          diskGb: vm.disk_gb,
          bootOrder: [...vm.boot_order],
          bios: vm.bios,
          tpm: vm.tpm,
          network: parseIpconfig(vm.ci_ipconfig),
        };
      });
    },

    async metrics(vmid, range) {
      const spec = METRICS_RANGES[range];
      if (!spec)
        throw new HypervisorError(
          'BAD_PARAMETER',
          `timeframe: value '${String(range)}' does not have a value in the enumeration 'hour, day, week, month'`,
        );
      const vm = await inTx((c) => vmRow(c, vmid));
      return syntheticMetrics(vm.vmid, vm.cores, vm.memory_mb, range, now());
    },

    // The simulated VMs have a serial console the portal plays itself (modules/console).
    async console(vmid) {
      await inTx((c) => vmRow(c, vmid));
      return { kind: 'text' };
    },

    async addNode(name, online = true) {
      await sim.upsertNode(pool, name, online);
    },

    async createVm(spec) {
      const power = spec.power ?? 'STOPPED';
      return sim.insertVm(pool, {
        vmid: spec.vmid ?? null,
        node: spec.node,
        name: spec.name,
        power,
        started_at: power === 'RUNNING' ? now() : null,
        locked: spec.locked ?? false,
        cores: spec.cores ?? 1,
        memory_mb: spec.memoryMb ?? 1024,
        disk_gb: spec.diskGb ?? 10,
        boot_order: spec.bootOrder ?? ['scsi0', 'ide2', 'net0'],
        bios: spec.bios ?? 'seabios',
      });
    },

    async failNextTask(vmid, message) {
      await inTx(async (c) => {
        await vmRow(c, vmid, true);
        await sim.setVmFailure(c, vmid, message);
      });
    },

    async failNextTaskOnNode(node, message) {
      if (!(await sim.setNodeFailure(pool, node, message)))
        throw new HypervisorError('NOT_FOUND', `no such cluster node '${node}'`);
    },

    setTaskDuration(ms) {
      durationMs = ms;
    },

    setAgentDelay(ms) {
      agentDelayMs = ms;
    },

    setFirewallTime(ms) {
      firewallMs = ms;
    },

    async finishRunningTasks() {
      await endRunningTasks(pool, now(), options.nodes ?? null);
      await inTx(async () => undefined);
    },

    async cloudInit(vmid) {
      const vm = await inTx((c) => vmRow(c, vmid));
      return {
        hostname: vm.name,
        image: vm.image,
        user: vm.ci_user,
        sshKeys: [...vm.ci_ssh_keys],
        passwordHash: vm.ci_password_hash,
        ipconfig: vm.ci_ipconfig,
      };
    },
  };
}

/** A well-mixed 32-bit hash of a few integers, as a fraction 0..1 (deterministic noise). */
function noise(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x01000193);
    h = Math.imul(h ^ Math.floor(p / 0x100000000), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return (h >>> 0) / 0x100000000;
}

/**
 * Synthetic, plausible metrics: each VM gets its own base load (seeded by vmid), a daily wave, and
 * per-bucket noise seeded by vmid, step and bucket time, so the same point always has the same
 * value. Exactly the range's point count, ending at the newest whole bucket.
 */
export function syntheticMetrics(vmid: number, cores: number, memoryMb: number, range: MetricsRange, at: Date): MetricPoint[] {
  const { points, stepSeconds } = METRICS_RANGES[range];
  const last = Math.floor(at.getTime() / 1000 / stepSeconds) * stepSeconds;
  const baseCpu = 0.05 + 0.35 * noise(vmid, 1);
  const baseMem = 0.3 + 0.4 * noise(vmid, 2);
  const baseNet = 20_000 + 2_000_000 * noise(vmid, 3);
  const baseDisk = 50_000 + 5_000_000 * noise(vmid, 4);
  const maxMemBytes = memoryMb * 1024 * 1024;
  const out: MetricPoint[] = [];
  for (let i = points - 1; i >= 0; i--) {
    const time = last - i * stepSeconds;
    const day = Math.sin(((time % 86400) / 86400) * 2 * Math.PI - Math.PI / 2) * 0.5 + 0.5; // low at night, high in the day
    const n = (k: number) => noise(vmid, stepSeconds, time, k);
    const cpu = Math.min(1, Math.max(0, baseCpu * (0.6 + 0.8 * day) + (n(1) - 0.5) * 0.1 * Math.min(1, 4 / cores + 0.2)));
    const mem = Math.min(0.98, Math.max(0.05, baseMem + 0.1 * day + (n(2) - 0.5) * 0.05));
    const traffic = 0.4 + 1.2 * day;
    out.push({
      time,
      cpu: Math.round(cpu * 10_000) / 10_000,
      memBytes: Math.round(mem * maxMemBytes),
      maxMemBytes,
      netInBps: Math.round(baseNet * traffic * (0.5 + n(3))),
      netOutBps: Math.round(baseNet * 0.6 * traffic * (0.5 + n(4))),
      diskReadBps: Math.round(baseDisk * traffic * (0.3 + n(5))),
      diskWriteBps: Math.round(baseDisk * 0.5 * traffic * (0.3 + n(6))),
    });
  }
  return out;
}
