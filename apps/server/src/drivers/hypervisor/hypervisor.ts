/**
 * The hypervisor driver (DESIGN §4, issue 4): what the portal needs from a virtualisation cluster.
 * Two implementations share this interface: `simulator` (a Proxmox-like cluster kept in
 * PostgreSQL, the default) and `proxmox` (the Proxmox VE REST API, later). Long operations answer
 * with a task id at once and are followed through {@link HypervisorDriver.task}, like Proxmox UPIDs.
 * Failures the cluster reports (locked VM, wrong state, unknown VM, bad parameter) are thrown as
 * {@link HypervisorError} with the cluster's own wording.
 */

import type { Readable } from 'node:stream';
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
  /** Whether the VM has a TPM 2.0 state disk (Proxmox `tpmstate0`). */
  tpm: boolean;
  /**
   * The first NIC's static addresses as set for cloud-init (Proxmox `ipconfig0`), or null when
   * the VM takes DHCP.
   */
  network: VmNetwork | null;
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

/**
 * A customer's new VM (issue 5): made from a system image, sized, and set up at first boot by
 * cloud-init (cloudbase-init on Windows) with the hostname, SSH keys and password.
 */
export interface CreateVmSpec {
  /** The node to create it on; when left out the driver picks the online node with the fewest VMs. */
  node?: string;
  /**
   * The VM id to give it, reserved beforehand with {@link HypervisorDriver.nextVmid} and recorded
   * by the caller, so that a re-run finds the VM it made (see {@link HypervisorDriver.create}).
   * The cluster picks the next free id when left out.
   */
  vmid?: number;
  /** The VM's name and the guest's hostname (VM_NAME_PATTERN). */
  name: string;
  /** A system image id of `VM_IMAGES` (packages/contract images.ts), e.g. 'debian-12'. */
  image: string;
  /** Virtual CPU cores (1 socket), 1 to 512. */
  cores: number;
  /** Memory in MiB, at least 16. */
  memoryMb: number;
  /** The boot disk's size in GiB: at least the image's minDiskGb, at most LIMITS.maxDiskGb. */
  diskGb: number;
  /** OpenSSH public key lines for the first user (may be empty). */
  sshKeys: string[];
  /**
   * The first user's password in plain text (root; Administrator on Windows, where it is
   * required). Drivers never log it nor put it in an error; the simulator keeps only a hash, and
   * Proxmox VE stores it hashed for Linux guests (cloudbase-init needs it as given).
   */
  rootPassword?: string;
  /** Firmware; the image template's when left out. */
  bios?: 'seabios' | 'ovmf';
  /**
   * The first NIC's static addresses (from the location's pools); DHCP when left out. Proxmox
   * gets them as cloud-init's ipconfig0 (`ip=…/24,gw=…,ip6=…/64,gw6=…`).
   */
  network?: VmNetwork;
}

/** An address of a VM's first NIC with its network's prefix length and gateway. */
export interface VmAddress {
  address: string;
  prefix: number;
  gateway: string;
}

/** A VM's static addresses: an IPv6 address always, an IPv4 address when it has one. */
export interface VmNetwork {
  ipv4: VmAddress | null;
  ipv6: VmAddress;
}

/** What {@link HypervisorDriver.create} answers. */
export interface CreateStarted {
  /** The new VM's id. */
  vmid: number;
  /** The node it is created on (the VM's inventory node once the task is ok). */
  node: string;
  /** The creation task to follow with {@link HypervisorDriver.task}; null when there is nothing to wait for (the VM was made already). */
  taskId: string | null;
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

/** One backup of a VM on the cluster's backup storage (Proxmox storage content `backup`). */
export interface VmBackup {
  /** The volume id, e.g. `local:backup/vzdump-qemu-100-2026_01_31-02_00_00.vma.zst`. */
  volid: string;
  /** Size in bytes. */
  sizeBytes: number;
  /** When the backup was made (Proxmox `ctime`). */
  createdAt: Date;
  /** A protected backup is neither pruned nor deletable until unprotected. */
  protected: boolean;
  /** The backup's notes (the portal writes 'daily' or 'manual'). */
  notes: string;
}

/** One snapshot of a VM (Proxmox `GET snapshot`, without the pseudo entry `current`). */
export interface VmSnapshot {
  /** The snapshot's name (Proxmox `snapname`: a letter, then letters, digits, - and _; at most 40). */
  name: string;
  /** The note given at creation ('' for none). */
  description: string;
  /** When it was taken (Proxmox `snaptime`). */
  createdAt: Date;
  /** The snapshot it was taken after, or null for the first. */
  parent: string | null;
  /**
   * The disk space the snapshot holds, bytes (an estimate the portal bills as snapshots_gb); 0
   * where the cluster does not report it (Proxmox VE's snapshot list has no sizes).
   */
  sizeBytes: number;
}

/** One ISO image on a node's ISO storage (Proxmox storage content `iso`). */
export interface IsoVolume {
  /** The file name on the storage, e.g. `c12-ab34cd.iso`. */
  filename: string;
  /** Size in bytes. */
  sizeBytes: number;
}

/** Backups, snapshots and ISO images of the hypervisor driver (issue 13). */
export interface HypervisorDataDriver {
  /** The VM's backups on the backup storage, oldest first. Throws NOT_FOUND for an unknown vmid. */
  backups(vmid: number): Promise<VmBackup[]>;
  /**
   * Starts a backup of the VM (Proxmox `vzdump`, mode snapshot, zstd) and answers its task; while
   * it runs the VM is locked ('VM is locked (backup)'). `notes` become the backup's notes.
   */
  backup(vmid: number, notes: string): Promise<string>;
  /**
   * Sets or clears a backup's protected flag (synchronous). Throws NOT_FOUND for an unknown volid
   * or one that is not a backup of this VM.
   */
  protectBackup(vmid: number, volid: string, on: boolean): Promise<void>;
  /**
   * Removes a backup; answers its task, or null when it is gone at once. Throws NOT_FOUND for an
   * unknown volid and BAD_PARAMETER for a protected backup ('backup is protected').
   */
  deleteBackup(vmid: number, volid: string): Promise<string | null>;
  /**
   * Overwrites the VM with a backup of it (Proxmox `POST /nodes/{n}/qemu {vmid, archive, force:1}`)
   * and answers the task. Needs the VM STOPPED (INVALID_STATE) and not locked (LOCKED); the VM
   * keeps its vmid and name and is STOPPED when the task is ok.
   */
  restoreBackup(vmid: number, volid: string): Promise<string>;
  /**
   * Makes a new VM `newVmid` named `name` on the backup's VM node from a backup (restore with
   * `unique` MAC addresses); answers the task. The new VM is STOPPED when it is ok. Safe to
   * repeat like `create`: with `newVmid` holding a VM of that name it answers null.
   */
  restoreBackupAsNew(vmid: number, volid: string, newVmid: number, name: string): Promise<string | null>;

  /** The VM's snapshots, oldest first (each one's parent is the one before). */
  snapshots(vmid: number): Promise<VmSnapshot[]>;
  /** Takes a snapshot; answers its task. Throws BAD_PARAMETER for a name taken or not allowed. */
  snapshot(vmid: number, name: string, description: string): Promise<string>;
  /** Deletes a snapshot; answers its task. Throws NOT_FOUND for an unknown name. */
  deleteSnapshot(vmid: number, name: string): Promise<string>;
  /**
   * Rolls the VM back to a snapshot; answers the task. Proxmox only rolls back to the newest
   * snapshot: a rollback to an older one is refused with BAD_PARAMETER, so the caller deletes the
   * later ones first. The VM is STOPPED when it is ok (no RAM state is kept).
   */
  rollbackSnapshot(vmid: number, name: string): Promise<string>;

  /** The ISO images on `node`'s ISO storage. Throws NOT_FOUND for an unknown node. */
  isos(node: string): Promise<IsoVolume[]>;
  /**
   * Uploads an ISO image to `node`'s ISO storage (Proxmox `upload`, multipart) from `read()`,
   * a fresh stream of its `sizeBytes` bytes; answers the task. Replaces a file of that name.
   * Throws BAD_PARAMETER for a name that is no `.iso`/`.img` file name ('wrong file extension') and
   * when the stream holds other than `sizeBytes` bytes (nothing is stored then).
   */
  uploadIso(node: string, filename: string, sizeBytes: number, read: () => Promise<Readable>): Promise<string>;
  /** Removes an ISO image from `node`'s storage; null when it was not there. */
  deleteIso(node: string, filename: string): Promise<string | null>;
  /**
   * Puts an ISO image of the VM's node into its CD drive (`ide2: STORAGE:iso/NAME,media=cdrom`)
   * and the CD first in the boot order; `null` ejects it (`none,media=cdrom`) and puts the disk
   * first again. Synchronous. Throws NOT_FOUND for an ISO the node does not have.
   */
  setCdrom(vmid: number, filename: string | null): Promise<void>;
  /** The ISO image in the VM's CD drive, or null when it is empty. */
  cdrom(vmid: number): Promise<string | null>;
}

/** The portal's boot devices (spec 1 §3): CD/DVD (d) is `ide2`, SSD (c) `scsi0`, NET (n) `net0` on Proxmox. */
export type BootDevice = 'd' | 'c' | 'n';

/**
 * A cloud server's lifecycle beyond power (issue 14): boot order, firmware and TPM, the root
 * password through the guest agent, hardware and disk size, copies, and its addresses. Rebuilding
 * needs no method of its own: it is `delete`, then `create` and `finishCreate` with the same vmid
 * and the new image, then `power(start)`.
 */
export interface HypervisorLifecycleDriver {
  /**
   * Sets the boot order (Proxmox `boot: order=ide2;scsi0;net0`), synchronous; it applies at the
   * next boot. Throws BAD_PARAMETER unless `order` holds each device once.
   */
  setBootOrder(vmid: number, order: BootDevice[]): Promise<void>;
  /**
   * Switches the firmware. To OVMF an EFI vars disk is added (`efidisk0`, 4m, pre-enrolled keys),
   * back to SeaBIOS it is removed. Needs the VM STOPPED (INVALID_STATE) and not locked (LOCKED).
   * Answers the task of the disk change, or null when done at once (or nothing to change).
   */
  setBios(vmid: number, bios: 'seabios' | 'ovmf'): Promise<string | null>;
  /**
   * Adds (`on`) a TPM 2.0 state disk (`tpmstate0`, version v2.0) or removes it. Needs the VM
   * STOPPED (INVALID_STATE) and not locked. Answers the task or null; setting the state it has
   * already is not an error.
   */
  setTpm(vmid: number, on: boolean): Promise<string | null>;
  /**
   * Sets a user's password inside the running guest through the QEMU guest agent (Proxmox
   * `POST agent/set-user-password`, the password sent as given, never logged). Synchronous.
   * Throws INVALID_STATE when the VM is not running ('VM is not running') and when the guest agent
   * does not answer ('QEMU guest agent is not running'), BAD_PARAMETER for a password the guest
   * refuses (5 to 1024 characters).
   */
  setUserPassword(vmid: number, user: string, password: string): Promise<void>;
  /**
   * Sets cores (1 socket) and memory (Proxmox `PUT config`). Synchronous; on a running VM the
   * change is pending until the next stop and start (or a reboot, which Proxmox turns into one).
   */
  setHardware(vmid: number, cores: number, memoryMb: number): Promise<void>;
  /**
   * Grows the boot disk to `diskGb` (Proxmox `PUT resize`, `size=<n>G`); answers the task or null
   * when done at once or the disk has that size already. Throws BAD_PARAMETER when the disk is
   * larger ('shrinking disks is not supported'). Works while the VM runs.
   */
  growDisk(vmid: number, diskGb: number): Promise<string | null>;
  /**
   * Makes a full copy of the VM as a new VM `newVmid` named `name` on the same node (Proxmox
   * `POST clone`, `full=1`); answers the task. The copy is STOPPED with the source's disks and
   * settings and new MAC addresses; the source keeps running (it is locked 'clone' meanwhile).
   * Safe to repeat like `create`: with `newVmid` holding a VM of that name it answers null.
   * Throws NOT_FOUND for an unknown source, LOCKED while the source is locked.
   */
  cloneVm(vmid: number, newVmid: number, name: string): Promise<string | null>;
  /**
   * Sets the first NIC's static addresses for cloud-init (Proxmox `ipconfig0`) and regenerates
   * the cloud-init drive; the guest takes them at its next boot. Synchronous.
   */
  setNetwork(vmid: number, network: VmNetwork): Promise<void>;
}

/**
 * One inbound firewall rule as the cluster gets it (Proxmox VM firewall rule, type `in`, enabled).
 * Rules are matched in order; the first that matches decides.
 */
export interface FirewallRuleSpec {
  action: 'ACCEPT' | 'DROP';
  /** '' for all, an address or CIDR block, or a cluster IP set as `+name`. */
  source: string;
  /** null for any protocol. */
  proto: 'tcp' | 'udp' | 'icmp' | null;
  /** '' for any, 'n' or 'a:b' (tcp and udp only). */
  sport: string;
  dport: string;
  /** The rule's comment ('' for none). */
  comment: string;
}

/** A VM's firewall switches (Proxmox `firewall/options`). */
export interface FirewallOptions {
  /** Whether the VM's firewall is on. */
  enabled: boolean;
  /** What happens to inbound traffic no rule matched: DROP for 'block everything else'. */
  policyIn: 'ACCEPT' | 'DROP';
}

/** A cluster-wide IP set (Proxmox `/cluster/firewall/ipset`). */
export interface ClusterIpset {
  /** Letters, digits, - and _, starting with a letter (the portal uses `ps-ipset-<id>`). */
  name: string;
  comment: string;
  /** Addresses and CIDR blocks in canonical text, sorted. */
  cidrs: string[];
}

/**
 * The firewall of a VM and the cluster's IP sets (issue 15). Rules name IP sets as `+name`; the
 * portal writes an IP set before the rules that name it and removes it after the last rule that
 * named it is gone. The datacenter firewall must be enabled by the operator for VM firewalls to
 * act on Proxmox VE; the driver never changes the datacenter's own settings.
 */
export interface HypervisorFirewallDriver {
  /** The VM's inbound rules in order. Throws NOT_FOUND for an unknown vmid. */
  firewallRules(vmid: number): Promise<FirewallRuleSpec[]>;
  /** The VM's firewall switches. Throws NOT_FOUND for an unknown vmid. */
  firewallOptions(vmid: number): Promise<FirewallOptions>;
  /**
   * Replaces the VM's inbound rules with `rules` in order, sets the inbound policy, and switches
   * the VM's firewall on (with the first NIC's `firewall=1`). Answers a task to follow, or null
   * when done at once. Safe to repeat. Throws NOT_FOUND for an unknown vmid, BAD_PARAMETER for a
   * rule the cluster refuses (an unknown IP set, a bad port), naming the rule's 1-based position;
   * the VM keeps its previous rules then.
   */
  setFirewall(vmid: number, rules: FirewallRuleSpec[], policyIn: 'ACCEPT' | 'DROP'): Promise<string | null>;
  /** The cluster's IP sets whose name starts with `prefix`, by name. */
  ipsets(prefix: string): Promise<ClusterIpset[]>;
  /** Creates the IP set or makes its comment and entries exactly these; safe to repeat. BAD_PARAMETER for a bad name or entry. */
  setIpset(set: ClusterIpset): Promise<void>;
  /** Removes the IP set; nothing when it is not there. BAD_PARAMETER while a rule names it. */
  deleteIpset(name: string): Promise<void>;
}

/** What a program run in the guest answered (Proxmox `agent/exec-status` once it has exited). */
export interface GuestExecResult {
  /** The program's exit code. */
  exitcode: number;
  /** What it wrote to its standard output and error (UTF-8). */
  stdout: string;
  stderr: string;
}

/** The most content {@link HypervisorGuestDriver.writeGuestFile} takes (Proxmox `agent/file-write`'s 60 KiB). */
export const GUEST_FILE_MAX_CHARS = 60 * 1024;

/**
 * Files and programs inside a running guest through the QEMU guest agent (issue 17: a VPN server's
 * WireGuard configuration). Both need the VM running and its guest agent configured and answering;
 * otherwise they throw INVALID_STATE with Proxmox's words ('No QEMU guest agent configured',
 * 'VM <id> is not running', 'QEMU guest agent is not running'), which is worth retrying later.
 * NOT_FOUND for an unknown vmid.
 */
export interface HypervisorGuestDriver {
  /**
   * Replaces the file at `path` (absolute) with `content` (text, at most GUEST_FILE_MAX_CHARS) and
   * sets its permission bits to `mode` (e.g. 0o600). Synchronous; safe to repeat. BAD_PARAMETER for
   * a relative path, a NUL in the path, content too long or a mode outside 0..0o7777.
   */
  writeGuestFile(vmid: number, path: string, content: string, mode: number): Promise<void>;
  /**
   * Runs the program `argv[0]` with the rest of `argv` as its arguments (no shell), `input` on its
   * standard input, and answers once it has exited. A program that fails is no error here: its
   * exit code says so. BAD_PARAMETER for an empty argv and for a program that cannot be started
   * ('Agent error: Failed to execute child process …'); a program that has not exited after
   * `timeoutMs` (30 s when left out) is a driver error.
   */
  guestExec(vmid: number, argv: readonly string[], input?: string, timeoutMs?: number): Promise<GuestExecResult>;
}

/** A hypervisor cluster as the portal uses it. Every method is async and may throw {@link HypervisorError}. */
export interface HypervisorDriver
  extends HypervisorDataDriver, HypervisorLifecycleDriver, HypervisorFirewallDriver, HypervisorGuestDriver {
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
  /**
   * Whether `password` logs `user` in on the VM's text console: the password the guest agent set
   * ({@link HypervisorLifecycleDriver.setUserPassword}), else the first user's from creation.
   * Present on drivers whose consoles are text (the simulator, whose serial console the portal
   * plays); the password is never logged nor kept.
   */
  checkConsoleLogin?(vmid: number, user: string, password: string): Promise<boolean>;

  /**
   * A free VM id to create a VM with. The simulator hands out each id once (a sequence); Proxmox
   * VE (`GET /cluster/nextid`) answers the lowest free id and reserves nothing, so the caller must
   * record the id where a second reservation of it fails (the portal: the vms row, unique per
   * cluster and vmid) before creating the VM.
   */
  nextVmid(): Promise<number>;
  /**
   * Creating a VM is three steps, each one call that answers at once with at most one task, each
   * safe to repeat, so a job records the step and its task and a re-run after a crash goes on
   * where it stopped:
   * 1. `create(spec)` makes the VM from the image (Proxmox: a full clone of the image's template)
   *    and answers its task; while it runs the VM exists locked ('VM is locked (clone)'), when it
   *    is ok the VM exists STOPPED with the image's disk, and when it fails the VM is gone again.
   * 2. {@link finishCreate} sets hardware and first-boot data, and grows the disk.
   * 3. `power(vmid, 'start')`: the guest boots and applies the first-boot data (hostname, keys,
   *    password); the VM is then RUNNING.
   *
   * Idempotent for a re-run: with a `vmid` that already holds a VM of the same name, create makes
   * nothing and answers `taskId` null (or the creation task still running); with a VM of another
   * name it throws BAD_PARAMETER ("VM 123 already exists on node 'pve1'"). Throws BAD_PARAMETER
   * for a bad spec (every bad field named, the password never quoted), NOT_FOUND for an unknown
   * node or an image this cluster has no template of, INVALID_STATE for an offline node or a
   * cluster without an online node.
   */
  create(spec: CreateVmSpec): Promise<CreateStarted>;
  /**
   * Step 2 of creating a VM: sets cores (1 socket), memory, firmware, the first-boot data (user
   * root or Administrator, password, SSH keys, DHCP on the first NIC) and grows the boot disk to
   * `spec.diskGb`; answers the resize task, or null when the disk has that size already. The
   * same spec as `create`. Safe to repeat. Throws BAD_PARAMETER when the VM's name is not
   * `spec.name` or the disk is larger than asked ('shrinking disks is not supported'), LOCKED
   * while the VM is locked (still being created).
   */
  finishCreate(vmid: number, spec: CreateVmSpec): Promise<string | null>;
}

/** Proxmox's rule for VM names: a DNS name (labels of letters, digits and inner hyphens). */
export const VM_NAME_PATTERN = /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/;
