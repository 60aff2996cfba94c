import crypto from 'node:crypto';
import { parseSshPublicKey } from '@portside/contract/rules/ssh-key';

/**
 * The fake PVE's endpoints for creating VMs (used by fake-pve.ts), with the real API's checks and
 * words (qemu-server's clone_vm, resize_vm and update_vm_api, pve-manager's nextid, pve-common's
 * `urlencoded` format and validate_ssh_public_keys):
 * - `GET /cluster/nextid`: the lowest free id from 100; with `vmid`, that id if free, else 400
 *   `{vmid: "VM <id> already exists"}`.
 * - `POST /nodes/{n}/qemu/{id}/clone` (newid, name, full, target, description): refuses before
 *   the worker with 500 for a locked source, a linked clone of a non-template ("Linked clone
 *   feature is not supported for drive 'scsi0'"), a target while the source uses local storage
 *   ("can't clone VM to node 'x' (VM uses local storage)"; `local` and `local-lvm` are the local
 *   storages here) and a taken newid ("unable to create VM <id>: config file already exists").
 *   The new VM exists at once on the source's node as qmclone's temporary file (`lock: clone`, no
 *   name); the `qmclone` task (UPID on the source's node, id = the source) writes its config (new
 *   disk names, MAC, smbios uuid and vmgenid; `template` dropped) and moves it to the target; a
 *   failed clone removes it.
 * - `PUT /nodes/{n}/qemu/{id}/resize` (disk, size `[+]N[KMGT]`): a `resize` task (PVE 8) whose
 *   worker checks the lock, the disk ("disk 'x' does not exist", "you can't resize a cdrom") and
 *   refuses to shrink ("shrinking disks is not supported"); the same size changes nothing. With
 *   `syncResize` (older PVE) it resizes at once and answers null, refusals as 500.
 * - `PUT config` cloud-init and hardware keys: sshkeys must be `urlencoded` (400 'invalid
 *   urlencoded string: ...') and hold valid keys once decoded (500 'SSH public key validation
 *   error'); cipassword is stored as a `$5$` crypt-style hash unless the ostype is Windows (as
 *   cloudbase-init needs it) and read back as '**********'; `efidisk0: STORAGE:1,...` allocates a
 *   4 MiB EFI disk.
 */

/** A VM of the fake cluster (its shape in fake-pve.ts). */
export interface FakeVm {
  vmid: number;
  node: string;
  running: boolean;
  startedAt: number;
  createdAt: number;
  failNext: string | null;
  config: Record<string, string | number>;
}

/** A task of the fake cluster. */
export interface FakeTask {
  upid: string;
  node: string;
  vmid: number;
  type: string;
  endsAt: number;
  failure: string | null;
  exit: string | null;
  /** What the task applies when it ends (clone: newid, name, target; resize: disk, size). */
  params?: Record<string, string>;
  /** When it started, ms. */
  startedAt?: number;
  /** The lock the task holds while it runs (backup, snapshot, ...), freed when it ends. */
  lock?: string;
  /** The UPID's id when it is not the vmid ('' for a node's own task). */
  upidId?: string;
}

/** What the endpoints use of the fake. */
export interface CreateContext {
  vms: Map<number, FakeVm>;
  /** The node, or a thrown refusal (unknown: 500, down: 595). */
  node(name: string): { name: string; online: boolean };
  vmOn(node: string, id: string): FakeVm;
  checkLock(vm: FakeVm): void;
  /** Refuses (500 "can't lock file") while a clone holds the VM's config file lock; `exclusive` false asks a shared one. */
  checkFileLock(vm: FakeVm, exclusive?: boolean): void;
  startTask(vm: FakeVm, type: string, params?: Record<string, string>): string;
  /** A refusal with this HTTP status and reason. */
  fail(status: number, message: string): Error;
  /** 400 'Parameter verification failed.' with these per-parameter errors. */
  paramError(errors: Record<string, string>): Error;
  syncResize: boolean;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];

const DRIVE = /^(ide|sata|scsi|virtio)\d+$/;
const DRIVE_NAMES = [
  ...[0, 1, 2, 3].map((i) => `ide${i}`),
  ...[0, 1, 2, 3, 4, 5].map((i) => `sata${i}`),
  ...Array.from({ length: 31 }, (_, i) => `scsi${i}`),
  ...Array.from({ length: 16 }, (_, i) => `virtio${i}`),
  'efidisk0',
  'tpmstate0',
];
const LOCAL_STORAGES = new Set(['local', 'local-lvm']);
const SIZE = /^(\+)?(\d+(?:\.\d+)?)([KMGT])?$/;
const UNIT: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };
const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';
const isCdrom = (v: unknown) => typeof v === 'string' && /(^|,)media=cdrom(,|$)/.test(v);
const randomMac = () =>
  ['BC', '24', '11', ...crypto.randomBytes(3)]
    .map((b) => (typeof b === 'string' ? b : b.toString(16).padStart(2, '0').toUpperCase()))
    .join(':');

/** A drive's size in bytes from its `size=` (0 when absent). */
function sizeBytes(drive: string): number {
  const m = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT]?)(?:,|$)/.exec(drive);
  return m ? Math.round(Number(m[1]) * UNIT[m[2] ?? '']!) : 0;
}

const printSize = (bytes: number) => (bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3}G` : `${Math.round(bytes / 1024 ** 2)}M`);

/** The config keys PUT config accepts for creating VMs, beyond the fake's basic ones. */
export const CREATE_CONFIG_KEYS = [
  'sockets',
  'ciuser',
  'cipassword',
  'sshkeys',
  'ipconfig0',
  'bios',
  'efidisk0',
  'ostype',
  'citype',
  'nameserver',
  'searchdomain',
];

/** Checks the cloud-init and hardware keys of a PUT config into `errors` (400 material). */
export function checkCreateConfig(p: Record<string, string>, errors: Record<string, string>): void {
  const int = (k: string, min: number) => {
    if (p[k] === undefined) return;
    if (!/^-?\d+$/.test(p[k])) errors[k] = `type check ('integer') failed - got '${p[k]}'`;
    else if (Number(p[k]) < min) errors[k] = `value must have a minimum value of ${min}`;
  };
  int('cores', 1);
  int('sockets', 1);
  if (p.memory !== undefined && !/^(current=)?\d+$/.test(p.memory))
    errors.memory = `invalid format - format error\nmemory.current: type check ('integer') failed - got '${p.memory}'`;
  else if (p.memory !== undefined && Number(p.memory.replace('current=', '')) < 16)
    errors.memory = 'invalid format - format error\nmemory.current: value must have a minimum value of 16';
  if (p.sshkeys !== undefined && !/^[-%a-zA-Z0-9_.!~*'()]*$/.test(p.sshkeys))
    errors.sshkeys = `invalid urlencoded string: ${p.sshkeys}`;
  if (p.bios !== undefined && p.bios !== 'seabios' && p.bios !== 'ovmf')
    errors.bios = `value '${p.bios}' does not have a value in the enumeration 'seabios, ovmf'`;
  if (p.ipconfig0 !== undefined) {
    const parts = p.ipconfig0.split(',').map((x) => x.split('='));
    const ok = parts.every(([k, v = '']) =>
      k === 'ip'
        ? v === 'dhcp' || /^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(v)
        : k === 'gw'
          ? /^\d{1,3}(\.\d{1,3}){3}$/.test(v)
          : k === 'ip6'
            ? /^(dhcp|auto|[0-9a-fA-F:]+\/\d{1,3})$/.test(v)
            : k === 'gw6' && /^[0-9a-fA-F:]+$/.test(v),
    );
    if (!ok) errors.ipconfig0 = 'invalid format - format error'; // the detail text is unverified
  }
}

/** Refuses (500, before any write, as update_vm_api) keys that are not valid SSH public keys once decoded. */
export function checkSshKeys(p: Record<string, string>, fail: CreateContext['fail']): void {
  if (p.sshkeys === undefined) return;
  let text: string;
  try {
    text = decodeURIComponent(p.sshkeys);
  } catch {
    throw fail(500, 'SSH public key validation error');
  }
  for (const line of text.split('\n'))
    if (line.trim() !== '' && !parseSshPublicKey(line).ok) throw fail(500, 'SSH public key validation error');
}

/** Writes a create key into the VM's config the way Proxmox stores it; false for keys it does not handle. */
export function applyCreateConfig(vm: FakeVm, key: string, value: string): boolean {
  if (key === 'cipassword') {
    const windows = /^w/.test(String(vm.config.ostype ?? ''));
    const salt = crypto.randomBytes(6).toString('base64url');
    vm.config.cipassword =
      windows || /^\$(?:[156]|2[ay])(\$.+){2}/.test(value)
        ? value
        : `$5$${salt}$${crypto
            .createHash('sha256')
            .update(salt + value)
            .digest('base64url')}`;
    return true;
  }
  if (key === 'efidisk0') {
    const storage = value.split(':')[0] ?? 'local-lvm';
    const used = Object.values(vm.config).filter((v) => typeof v === 'string' && v.includes(`vm-${vm.vmid}-disk-`)).length;
    vm.config.efidisk0 = `${storage}:vm-${vm.vmid}-disk-${used},${value.split(',').slice(1).join(',')},size=4M`.replace(
      ',,',
      ',',
    );
    return true;
  }
  return false;
}

/** The config a clone of `src` gets (qemu-server clone_vm's copy rules). */
function clonedConfig(src: FakeVm, newid: number, p: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  let disk = 0;
  for (const [k, v] of Object.entries(src.config)) {
    if (k === 'template' || k === 'lock' || /^unused\d+$/.test(k)) continue;
    if (/^net\d+$/.test(k)) out[k] = String(v).replace(/^(\w+)=[0-9A-Fa-f:]{17}/, `$1=${randomMac()}`);
    else if ((DRIVE.test(k) || k === 'efidisk0') && typeof v === 'string' && /^[^,]*cloudinit/.test(v))
      out[k] = v.replace(/^([^:,]+):[^,]*/, `$1:vm-${newid}-cloudinit`);
    else if ((DRIVE.test(k) || k === 'efidisk0') && typeof v === 'string' && !isCdrom(v))
      out[k] = v.replace(/^([^:,]+):[^,]*/, `$1:vm-${newid}-disk-${disk++}`);
    else out[k] = v;
  }
  out.smbios1 = `uuid=${crypto.randomUUID()}`;
  if (out.vmgenid) out.vmgenid = crypto.randomUUID();
  out.name = p.name ?? `Copy-of-VM-${src.config.name ?? src.vmid}`;
  if (p.description) out.description = p.description;
  return out;
}

/** Resizes `vm`'s `disk` to `size`; answers the refusal text or null. */
function resize(vm: FakeVm, disk: string, size: string): string | null {
  const drive = vm.config[disk];
  if (typeof drive !== 'string') return `disk '${disk}' does not exist`;
  if (isCdrom(drive)) return "you can't resize a cdrom";
  const [, plus, n = '0', unit = ''] = SIZE.exec(size) ?? [];
  const current = sizeBytes(drive);
  const wanted = Math.floor(Number(n) * UNIT[unit]! + (plus ? current : 0));
  if (wanted < current) return 'shrinking disks is not supported';
  if (wanted === current) return null;
  vm.config[disk] = /(^|,)size=[^,]*/.test(drive)
    ? drive.replace(/(^|,)size=[^,]*/, `$1size=${printSize(wanted)}`)
    : `${drive},size=${printSize(wanted)}`;
  return null;
}

/**
 * Ends a qmclone or resize task: applies it unless `failure` (or the work itself) fails it, and
 * answers the task's final failure text or null.
 */
export function settleCreateTask(ctx: CreateContext, t: FakeTask, failure: string | null): string | null {
  const p = t.params ?? {};
  if (t.type === 'qmclone') {
    const newid = Number(p.newid);
    const temp = ctx.vms.get(newid);
    if (failure) {
      if (temp?.config.lock === 'clone') ctx.vms.delete(newid);
      return failure;
    }
    const src = ctx.vms.get(t.vmid);
    if (!src || !temp) return 'clone failed: source or temporary config vanished';
    Object.assign(temp, { node: p.target || src.node, config: clonedConfig(src, newid, p) });
    return null;
  }
  if (t.type === 'resize') {
    const vm = ctx.vms.get(t.vmid);
    return failure ?? (vm ? resize(vm, p.disk ?? '', p.size ?? '') : null);
  }
  return failure;
}

/** Whether every non-CD drive (and every CD image) of the VM is on shared storage. */
function onSharedStorage(vm: FakeVm): boolean {
  return Object.entries(vm.config).every(([k, v]) => {
    if (!(DRIVE.test(k) || k === 'efidisk0') || typeof v !== 'string' || /^(none|cdrom)(,|$)/.test(v)) return true;
    return !LOCAL_STORAGES.has(v.slice(0, v.indexOf(':')));
  });
}

/** The routes: nextid, clone, resize. */
export function createRoutes(ctx: CreateContext): Route[] {
  const unknownKeys = (p: Record<string, string>, known: string[], errors: Record<string, string>) => {
    for (const k of Object.keys(p)) if (!known.includes(k)) errors[k] = NOT_IN_SCHEMA;
  };
  const vmidError = (v: string) =>
    !/^\d+$/.test(v)
      ? `type check ('integer') failed - got '${v}'`
      : Number(v) < 100
        ? 'value must have a minimum value of 100'
        : null;
  return [
    [
      'GET',
      /^\/cluster\/nextid$/,
      (_m, p) => {
        if (p.vmid !== undefined) {
          const bad = vmidError(p.vmid);
          if (bad) throw ctx.paramError({ vmid: bad });
          if (ctx.vms.has(Number(p.vmid))) throw ctx.paramError({ vmid: `VM ${p.vmid} already exists` });
          return p.vmid; // the parameter as given: a string
        }
        let id = 100;
        while (ctx.vms.has(id)) id++;
        return id;
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/clone$/,
      ([, n, id], p) => {
        const src = ctx.vmOn(n!, id!);
        const errors: Record<string, string> = {};
        unknownKeys(
          p,
          ['newid', 'name', 'description', 'pool', 'snapname', 'storage', 'format', 'full', 'target', 'bwlimit'],
          errors,
        );
        if (p.newid === undefined) errors.newid = 'property is missing and it is not optional';
        else if (vmidError(p.newid)) errors.newid = vmidError(p.newid)!;
        if (
          p.name !== undefined &&
          !/^([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\.)*[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(p.name)
        ) {
          errors.name = 'invalid format - value does not look like a valid DNS name';
        }
        if (p.full !== undefined && !/^(0|1|yes|no|on|off|true|false)$/i.test(p.full))
          errors.full = `type check ('boolean') failed - got '${p.full}'`;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        const target = p.target && p.target !== src.node ? p.target : undefined;
        if (target) ctx.node(target);
        // clone_vm locks the source's config file: exclusively while it runs, shared otherwise.
        ctx.checkFileLock(src, src.running);
        ctx.checkLock(src);
        const template = src.config.template === 1;
        const full = p.full !== undefined ? /^(1|yes|on|true)$/i.test(p.full) : !template;
        if (!full && !template) throw ctx.fail(500, "Linked clone feature is not supported for drive 'scsi0'");
        if (target && !onSharedStorage(src)) throw ctx.fail(500, `can't clone VM to node '${target}' (VM uses local storage)`);
        const newid = Number(p.newid);
        if (ctx.vms.has(newid)) throw ctx.fail(500, `unable to create VM ${newid}: config file already exists`);
        const now = Date.now();
        ctx.vms.set(newid, {
          vmid: newid,
          node: src.node,
          running: false,
          startedAt: now,
          createdAt: now,
          failNext: null,
          config: { lock: 'clone', description: ' qmclone temporary file\n' },
        });
        return ctx.startTask(src, 'qmclone', {
          newid: String(newid),
          sourceRunning: src.running ? '1' : '0',
          ...(p.name ? { name: p.name } : {}),
          ...(target ? { target } : {}),
          ...(p.description ? { description: p.description } : {}),
        });
      },
    ],
    [
      'PUT',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/resize$/,
      ([, n, id], p) => {
        const vm = ctx.vmOn(n!, id!);
        const errors: Record<string, string> = {};
        unknownKeys(p, ['disk', 'size', 'digest', 'skiplock'], errors);
        if (p.disk === undefined) errors.disk = 'property is missing and it is not optional';
        else if (!DRIVE_NAMES.includes(p.disk))
          errors.disk = `value '${p.disk}' does not have a value in the enumeration '${DRIVE_NAMES.join(', ')}'`;
        if (p.size === undefined) errors.size = 'property is missing and it is not optional';
        else if (!SIZE.test(p.size)) errors.size = 'value does not match the regex pattern';
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        ctx.checkFileLock(vm);
        if (!ctx.syncResize) return ctx.startTask(vm, 'resize', { disk: p.disk!, size: p.size! });
        ctx.checkLock(vm);
        const refused = resize(vm, p.disk!, p.size!);
        if (refused) throw ctx.fail(500, refused);
        return null;
      },
    ],
  ];
}
