import crypto from 'node:crypto';
import type { FakeTask, FakeVm } from './fake-pve-create.js';

/**
 * The fake PVE's endpoints and config keys of a cloud server's lifecycle (used by fake-pve.ts),
 * with the real API's checks and words (qemu-server's update_vm_api, the guest agent API, clone_vm's
 * config file locks, cloudinit_update):
 * - `POST /nodes/{n}/qemu/{id}/agent/set-user-password` (username, password 5..1024 characters,
 *   crypted): 400 for the schema; then, as agent_available, 500 'No QEMU guest agent configured'
 *   (config `agent` off), 'VM <id> is not running', 'QEMU guest agent is not running' (the VM has
 *   run less than `agentDelayMs`). Answers `{result: {}}`; keeps a salted hash per user.
 * - `PUT /nodes/{n}/qemu/{id}/cloudinit`: regenerates the cloud-init drive from the config's
 *   cloud-init keys (nothing without a cloud-init drive); refused under a lock.
 * - Config keys `tpmstate0: STORAGE:1,version=v2.0` (allocates a 4 MiB disk), `agent`, and `force`
 *   with `delete`: a deleted disk becomes `unusedN` unless forced; removing a drive of a protected
 *   VM is refused ("can't remove drive 'x' - protection mode enabled"). A boot order naming a
 *   device the VM lacks is 400.
 * - While a `qmclone` of a VM runs, its worker holds the VM's config file lock (exclusive when the
 *   source runs, shared otherwise): config writes, resizes, destroys and exclusive clones of the
 *   source fail with "can't lock file '/var/lock/qemu-server/lock-<id>.conf' - got timeout" (at
 *   once here; Proxmox waits 10 s first).
 */

/** What the lifecycle part uses of the fake. */
export interface LifecycleContext {
  vms: Map<number, FakeVm>;
  tasks: Map<string, FakeTask>;
  vmOn(node: string, id: string): FakeVm;
  checkLock(vm: FakeVm): void;
  fail(status: number, message: string): Error;
  paramError(errors: Record<string, string>): Error;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];

const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';
const BOOLEAN = /^(0|1|yes|no|on|off|true|false)$/i;
const DISK_KEY = /^(ide|sata|scsi|virtio)\d+$|^efidisk0$|^tpmstate0$/;
const CLOUDINIT_KEYS = ['ciuser', 'cipassword', 'sshkeys', 'ipconfig0', 'nameserver', 'searchdomain', 'citype'];

/** The config keys of this part that PUT and POST config accept. */
export const LIFECYCLE_CONFIG_KEYS = ['tpmstate0', 'agent', 'force'];

const hashOf = (salt: string, password: string) => crypto.createHash('sha256').update(`${salt}:${password}`).digest('hex');

/** Whether the config enables the guest agent (`agent: 1` or `agent: enabled=1,...`). */
const agentOn = (v: string | number | undefined) => /^(1|enabled=1)(,|$)/.test(String(v ?? ''));

/** The lifecycle endpoints, config checks and state of the fake. */
export function lifecycleRoutes(ctx: LifecycleContext, options: { agentDelayMs: number }) {
  let agentDelayMs = options.agentDelayMs;
  const passwords = new Map<number, Map<string, { salt: string; hash: string }>>();
  const cloudInitDrives = new Map<number, Record<string, string | number>>();

  /** The running clone whose worker holds `vm`'s config file lock, and whether exclusively. */
  function cloneLock(vm: FakeVm): { exclusive: boolean } | null {
    for (const t of ctx.tasks.values())
      if (t.exit === null && t.type === 'qmclone' && t.vmid === vm.vmid) return { exclusive: t.params?.sourceRunning === '1' };
    return null;
  }

  /** Refuses an operation that needs the config file lock (exclusively, or shared) while a clone holds it. */
  function checkFileLock(vm: FakeVm, exclusive = true): void {
    const held = cloneLock(vm);
    if (held && (exclusive || held.exclusive))
      throw ctx.fail(500, `can't lock file '/var/lock/qemu-server/lock-${vm.vmid}.conf' - got timeout`);
  }

  /** Checks this part's config keys into `errors` (400 material). */
  function checkSchema(vm: FakeVm, p: Record<string, string>, errors: Record<string, string>): void {
    if (p.tpmstate0 !== undefined && !/^[^:,\s]+:\d+(,version=v(1\.2|2\.0))?$/.test(p.tpmstate0))
      errors.tpmstate0 = 'invalid format - format error'; // the detail text is unverified
    if (p.force !== undefined && !BOOLEAN.test(p.force)) errors.force = `type check ('boolean') failed - got '${p.force}'`;
    else if (p.force !== undefined && p.delete === undefined) errors.force = "missing property - 'delete' is required";
    const order = /(?:^|,)order=([^,]*)/.exec(p.boot ?? '')?.[1];
    for (const dev of order ? order.split(';') : [])
      if (vm.config[dev] === undefined && p[dev] === undefined)
        errors.boot = `invalid bootorder: device '${dev}' does not exist'`;
  }

  /** Refuses removing a drive of a protected VM (after the lock and digest checks, as update_vm_api). */
  function checkRemoval(vm: FakeVm, p: Record<string, string>): void {
    for (const k of (p.delete ?? '').split(/[,;\s]+/).filter(Boolean))
      if (DISK_KEY.test(k) && vm.config.protection) throw ctx.fail(500, `can't remove drive '${k}' - protection mode enabled`);
  }

  /** Deletes config keys as Proxmox does: a disk's volume is kept as unusedN unless `force`. */
  function deleteKeys(vm: FakeVm, list: string, force: string | undefined): void {
    for (const k of list.split(/[,;\s]+/).filter(Boolean)) {
      const v = vm.config[k];
      delete vm.config[k];
      const volume = typeof v === 'string' && DISK_KEY.test(k) && !/media=cdrom/.test(v) ? v.split(',')[0] : undefined;
      if (volume && !/^(1|yes|on|true)$/i.test(force ?? '')) {
        let n = 0;
        while (vm.config[`unused${n}`] !== undefined) n++;
        vm.config[`unused${n}`] = volume;
      }
    }
  }

  /** Writes this part's keys; false for keys it does not handle. */
  function applyKey(vm: FakeVm, key: string, value: string): boolean {
    if (key === 'force') return true;
    if (key !== 'tpmstate0') return false;
    const storage = value.split(':')[0]!;
    const used = Object.values(vm.config).filter((v) => typeof v === 'string' && v.includes(`vm-${vm.vmid}-disk-`)).length;
    const version = /version=(v[\d.]+)/.exec(value)?.[1] ?? 'v1.2';
    vm.config.tpmstate0 = `${storage}:vm-${vm.vmid}-disk-${used},size=4M,version=${version}`;
    return true;
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/agent\/set-user-password$/,
      ([, n, id], p) => {
        const vm = ctx.vmOn(n!, id!);
        const errors: Record<string, string> = {};
        for (const k of Object.keys(p)) if (!['username', 'password', 'crypted'].includes(k)) errors[k] = NOT_IN_SCHEMA;
        if (p.username === undefined) errors.username = 'property is missing and it is not optional';
        if (p.password === undefined) errors.password = 'property is missing and it is not optional';
        else if (p.password.length < 5) errors.password = 'value must be at least 5 characters long';
        else if (p.password.length > 1024) errors.password = 'value may only be 1024 characters long';
        if (p.crypted !== undefined && !BOOLEAN.test(p.crypted))
          errors.crypted = `type check ('boolean') failed - got '${p.crypted}'`;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        if (!agentOn(vm.config.agent)) throw ctx.fail(500, 'No QEMU guest agent configured');
        if (!vm.running) throw ctx.fail(500, `VM ${vm.vmid} is not running`);
        if (Date.now() - vm.startedAt < agentDelayMs) throw ctx.fail(500, 'QEMU guest agent is not running');
        const salt = crypto.randomBytes(8).toString('hex');
        if (!passwords.has(vm.vmid)) passwords.set(vm.vmid, new Map());
        passwords.get(vm.vmid)!.set(p.username!, { salt, hash: hashOf(salt, p.password!) });
        return { result: {} };
      },
    ],
    [
      'PUT',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/cloudinit$/,
      ([, n, id], p) => {
        const vm = ctx.vmOn(n!, id!);
        const errors: Record<string, string> = {};
        for (const k of Object.keys(p)) errors[k] = NOT_IN_SCHEMA;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        checkFileLock(vm);
        ctx.checkLock(vm);
        const drive = Object.entries(vm.config).some(([k, v]) => DISK_KEY.test(k) && /^[^,]*cloudinit/.test(String(v)));
        if (drive)
          cloudInitDrives.set(vm.vmid, Object.fromEntries(Object.entries(vm.config).filter(([k]) => CLOUDINIT_KEYS.includes(k))));
        return null;
      },
    ],
  ];

  return {
    routes,
    checkSchema,
    checkRemoval,
    checkFileLock,
    deleteKeys,
    applyKey,
    /** A finished clone: the copy's disks hold the source's guest passwords. */
    cloned(source: number, copy: number): void {
      const had = passwords.get(source);
      if (had) passwords.set(copy, new Map(had));
    },
    setAgentDelay(ms: number): void {
      agentDelayMs = ms;
    },
    guestPasswordIs(vmid: number, user: string, password: string): boolean {
      const p = passwords.get(vmid)?.get(user);
      return p !== undefined && p.hash === hashOf(p.salt, password);
    },
    /** The cloud-init keys the drive was last generated from, or undefined. */
    cloudInitDrive(vmid: number): Record<string, string | number> | undefined {
      return cloudInitDrives.get(vmid);
    },
  };
}
