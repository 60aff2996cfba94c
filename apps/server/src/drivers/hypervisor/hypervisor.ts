/**
 * The hypervisor driver (DESIGN §4, issue 4): what the portal needs from a virtualisation cluster.
 * Two implementations share this interface: `simulator` (a Proxmox-like cluster kept in
 * PostgreSQL, the default) and `proxmox` (the Proxmox VE REST API, later). Long operations answer
 * with a task id at once and are followed through {@link HypervisorDriver.task}, like Proxmox UPIDs.
 * Failures the cluster reports (locked VM, wrong state, unknown VM, bad parameter) are thrown as
 * {@link HypervisorError} with the cluster's own wording.
 */

import type { WebSocket } from 'ws';

/** Whether a VM's guest runs. */
export type PowerState = 'RUNNING' | 'STOPPED';

/** Power operations: Proxmox `status/start|stop|reboot|reset|shutdown` (stop is a hard power-off, shutdown asks the guest). */
export type PowerAction = 'start' | 'stop' | 'reboot' | 'reset' | 'shutdown';

/** The power actions a locked VM refuses ('VM is locked'); start stays allowed. */
export const LOCK_REFUSED_ACTIONS: readonly PowerAction[] = ['stop', 'shutdown', 'reboot', 'reset'];

/** Time ranges of the Graphs tab: 1 hour, 1 day, 1 week, 1 month. */
export type MetricsRange = '1h' | '1d' | '1w' | '1m';

/** Points per range and the seconds between them: 60 per minute, 288 per 5 min, 168 per hour, 120 per 6 h. */
export const METRICS_RANGES: Readonly<Record<MetricsRange, { points: number; stepSeconds: number }>> = {
  '1h': { points: 60, stepSeconds: 60 },
  '1d': { points: 288, stepSeconds: 300 },
  '1w': { points: 168, stepSeconds: 3600 },
  '1m': { points: 120, stepSeconds: 21600 },
};

/** A cluster node (a physical host). */
export interface HypervisorNode {
  /** The node's name, unique in the cluster (Proxmox `node`). */
  name: string;
  /** Whether the cluster reports the node online. */
  online: boolean;
}

/** One VM as the inventory lists it. */
export interface HypervisorVm {
  /** The cluster-wide VM id (Proxmox `vmid`, 100 and up). */
  vmid: number;
  /** The node the VM lives on. */
  node: string;
  /** The VM's name (a DNS name). */
  name: string;
  /** Whether the guest runs. */
  power: PowerState;
  /** Whether the VM is locked against stop, reset, reboot and delete. */
  locked: boolean;
}

/** The whole cluster at one moment: nodes and VMs (Proxmox `GET /cluster/resources`). */
export interface HypervisorInventory {
  /** Every node, sorted by name. */
  nodes: HypervisorNode[];
  /** Every VM, sorted by vmid. */
  vms: HypervisorVm[];
}

/** A VM's current status (Proxmox `status/current`). */
export interface VmStatus {
  /** The VM id asked about. */
  vmid: number;
  /** Whether the guest runs. */
  power: PowerState;
  /** Whether the VM is locked. */
  locked: boolean;
  /** Whole seconds since the guest came up; 0 while stopped. */
  uptimeSeconds: number;
}

/** Where a task stands: still running, finished fine, or failed with the cluster's message. */
export type TaskState = 'running' | 'ok' | 'error';

/** A task's status (Proxmox `tasks/{upid}/status`). */
export interface TaskStatus {
  /** The task id as {@link HypervisorDriver.power} or {@link HypervisorDriver.delete} returned it. */
  id: string;
  /** Running, ok or error. */
  state: TaskState;
  /** The error text when `state` is 'error' (Proxmox `exitstatus`), otherwise null. */
  message: string | null;
}

/** A VM's hardware configuration (Proxmox `GET config`, interpreted). */
export interface VmConfig {
  /** Virtual CPU cores. */
  cores: number;
  /** Memory in MiB. */
  memoryMb: number;
  /** Size of the boot disk in GiB. */
  diskGb: number;
  /** Boot devices in order, Proxmox names (`scsi0`, `ide2`, `net0`). */
  bootOrder: string[];
  /** Firmware: SeaBIOS (legacy) or OVMF (UEFI). */
  bios: 'seabios' | 'ovmf';
}

/** One metrics sample (Proxmox `rrddata`, averaged over the step ending at `time`). */
export interface MetricPoint {
  /** Unix time in seconds; a multiple of the range's step. */
  time: number;
  /** CPU use as a fraction of all cores, 0..1. */
  cpu: number;
  /** Memory in use, bytes. */
  memBytes: number;
  /** Memory size, bytes. */
  maxMemBytes: number;
  /** Network received, bytes per second. */
  netInBps: number;
  /** Network sent, bytes per second. */
  netOutBps: number;
  /** Disk read, bytes per second. */
  diskReadBps: number;
  /** Disk written, bytes per second. */
  diskWriteBps: number;
}

/**
 * A VM's console as its cluster offers it: a serial text console the portal serves itself (the
 * simulator), or a VNC console behind the node's `vncwebsocket` (Proxmox VE `vncproxy`). A vnc
 * target is for the server only: its node, port and ticket never reach the browser.
 */
export type ConsoleTarget = { kind: 'text' } | VncTarget;

/** A VNC console opened on a node (Proxmox `vncproxy` with `websocket=1`). */
export interface VncTarget {
  kind: 'vnc';
  /** The node the VM runs on; the websocket goes through the API to it. */
  node: string;
  /** The VNC proxy's port on the node (5900 and up). */
  port: number;
  /** The one-time VNC ticket (`vncticket`), valid for a few seconds. */
  ticket: string;
  /** The generated password of the VNC authentication, when the cluster made one. */
  password: string | null;
}

/** Why the cluster refused: unknown VM or task, locked VM, wrong power state, bad parameter. */
export type HypervisorErrorCode = 'NOT_FOUND' | 'LOCKED' | 'INVALID_STATE' | 'BAD_PARAMETER';

/** A refusal by the cluster; `message` is the cluster's own text (e.g. 'VM is locked'). */
export class HypervisorError extends Error {
  /** @param code what kind of refusal; @param message the cluster's text, shown as is. */
  constructor(
    readonly code: HypervisorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HypervisorError';
  }
}

/** A hypervisor cluster as the portal uses it. Every method is async and may throw {@link HypervisorError}. */
export interface HypervisorDriver {
  /** Every node and VM of the cluster. */
  inventory(): Promise<HypervisorInventory>;
  /** A VM's power state, lock and uptime. Throws NOT_FOUND for an unknown vmid. */
  status(vmid: number): Promise<VmStatus>;
  /**
   * Starts a power operation and answers at once with its task id; follow it with {@link task}.
   * Throws LOCKED ('VM is locked') for stop/shutdown/reboot/reset on a locked VM and
   * INVALID_STATE for start on a running VM or reboot/reset/shutdown on a stopped one.
   */
  power(vmid: number, action: PowerAction): Promise<string>;
  /** The status of a task this driver started. Throws NOT_FOUND for an unknown task id. */
  task(taskId: string): Promise<TaskStatus>;
  /** Locks (`on` true) or unlocks the VM; setting the state it already has is not an error. */
  lock(vmid: number, on: boolean): Promise<void>;
  /** Renames the VM (synchronous). Throws BAD_PARAMETER unless `name` is a valid DNS name. */
  rename(vmid: number, name: string): Promise<void>;
  /**
   * Starts destroying the VM and answers with the task id; the VM is gone when the task is ok.
   * Throws LOCKED on a locked VM and INVALID_STATE unless the VM is STOPPED.
   */
  delete(vmid: number): Promise<string>;
  /** The VM's hardware configuration. */
  config(vmid: number): Promise<VmConfig>;
  /** The VM's metrics over `range`: exactly the range's point count, oldest first, evenly spaced. */
  metrics(vmid: number, range: MetricsRange): Promise<MetricPoint[]>;
  /**
   * Opens the VM's console and says what kind it is. A vnc target must be connected within
   * seconds through {@link openVnc}. Throws NOT_FOUND for an unknown vmid.
   */
  console(vmid: number): Promise<ConsoleTarget>;
  /**
   * Connects to a vnc target's websocket (binary RFB frames both ways, starting with the VNC
   * server's banner). The socket is answered paused, so no frame is lost before the caller
   * listens: attach the listeners, then `resume()`. Present on drivers whose consoles are vnc;
   * the caller closes the socket.
   */
  openVnc?(vmid: number, target: VncTarget): Promise<WebSocket>;
}

/** Proxmox's rule for VM names: a DNS name (labels of letters, digits and inner hyphens). */
export const VM_NAME_PATTERN = /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/;
