import crypto from 'node:crypto';
import type { FakeTask, FakeVm } from './fake-pve-create.js';
import { snapshotRoutes, unlockedCopy } from './fake-pve-snapshots.js';

/**
 * The fake PVE's storage contents, backups, restores and ISO images (used by
 * fake-pve.ts), with the real API's paths, shapes and task types (pve-manager's vzdump and
 * storage content/upload APIs, qemu-server's create_vm restore, snapshot and config APIs):
 * - Each node has its own storage `local` (content backup and iso; not shared). Listing
 *   `GET /nodes/{n}/storage/{s}/content?content=&vmid=` answers `{volid, content, format, size,
 *   ctime, vmid, notes, protected, subtype}`; an unknown storage is 500 "storage 'x' does not exist".
 * - `POST /nodes/{n}/vzdump`: a `vzdump` task (id = vmid) under the lock 'backup'; the archive
 *   `local:backup/vzdump-qemu-<vmid>-YYYY_MM_DD-HH_MM_SS.vma.zst` (UTC) appears when it is ok and
 *   keeps a copy of the config for restores. A locked VM's backup fails in the task ('job errors').
 * - `PUT|DELETE .../content/{volid}`: protected flag and notes; removal is an `imgdel` task (empty
 *   id); a protected archive is refused at once with "cannot remove protected archive '<path>'"
 *   (when Proxmox says so, at once or in the task, is unverified).
 * - `POST /nodes/{n}/qemu` with `archive`: a `qmrestore` task under the lock 'create'; with
 *   `force` over the VM (refused at once while it runs, is protected or locked), else a new VM that
 *   exists at once as `{lock: create}` and is removed when the restore fails. Config options given
 *   with the archive (e.g. `name`) override the backup's (PVE 7.2+); drives are refused. `unique`
 *   gives new MAC addresses. A failure injected into the archive's VM fails a restore as new.
 * - Snapshots and the CD drive (`POST config`): fake-pve-snapshots.ts.
 * - ISO: multipart `POST .../upload` (`content=iso`, file part `filename`; 400 'wrong file
 *   extension'), an `imgcopy` task (empty id) that puts the file in place; node failures apply.
 * - `GET /nodes/{n}/tasks?vmid=&typefilter=&source=active`: the node's tasks.
 */

/** A volume on a node's storage. */
export interface FakeVolume {
  volid: string;
  content: 'backup' | 'iso';
  size: number;
  ctime: number;
  vmid?: number;
  notes?: string;
  protected?: boolean;
  /** A backup's copy of the VM's config. */
  config?: Record<string, string | number>;
}

/** A file part of a multipart body. */
export interface UploadedFile {
  field: string;
  filename: string;
  bytes: number;
}

/** What the data endpoints use of the fake. */
export interface DataContext {
  vms: Map<number, FakeVm>;
  tasks: Map<string, FakeTask>;
  node(name: string): { name: string; online: boolean };
  vmOn(node: string, id: string): FakeVm;
  /** Starts a task (a node's own when `owner` is only a node), with the options it takes. */
  startTask(owner: FakeVm | { node: string }, type: string, params?: Record<string, string>, o?: TaskOptions): string;
  fail(status: number, message: string): Error;
  paramError(errors: Record<string, string>): Error;
  /** Checks a config write (schema, lock, digest) without applying it. */
  checkConfig(vm: FakeVm, p: Record<string, string>): void;
  /** Applies a checked config write. */
  applyConfig(vm: FakeVm, p: Record<string, string>): void;
}

/** How a task is started. */
export interface TaskOptions {
  /** The lock the task holds while it runs (set now, freed when it ends). */
  lock?: string;
  /** The task fails with this (a refusal Proxmox finds inside the worker). */
  failure?: string;
  /** The UPID's id when it is not the VM's id ('' for none). */
  upidId?: string;
  /** Take the injected failure of this VM instead of the owner's. */
  failureOf?: FakeVm;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];

const STORAGES = ['local'];
const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';
const DRIVE = /^(ide|sata|scsi|virtio)\d+$|^efidisk0$|^tpmstate0$/;
const pad = (n: number) => String(n).padStart(2, '0');
const dumpTime = (d: Date) =>
  `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}-${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;
const diskBytes = (cfg: Record<string, string | number>) => {
  const m = /(?:^|,)size=(\d+)G(?:,|$)/.exec(String(cfg.scsi0 ?? ''));
  return m ? Number(m[1]) * 1024 ** 3 : 10 * 1024 ** 3;
};
const dumpPath = (volid: string) => `/var/lib/vz/dump/${volid.slice(volid.indexOf('/') + 1)}`;
const randomMac = () =>
  `BC:24:11:${[...crypto.randomBytes(3)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`;

/** Splits a multipart/form-data body into its fields and its file part (null when there is none). */
export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; file: UploadedFile | null } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) throw new Error('multipart body without boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let at = body.indexOf(delimiter);
  if (at < 0) throw new Error('multipart body without its boundary');
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return { fields, file };
    const headEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headEnd);
    if (headEnd < 0 || next < 0) throw new Error('multipart body cut short');
    const head = body.subarray(start + 2, headEnd).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const content = body.subarray(headEnd + 4, next);
    if (filename !== undefined) file = { field: name, filename, bytes: content.length };
    else fields[name] = content.toString('utf8');
    at = next + 2;
  }
}

/** The data endpoints, the settling of their tasks, and the state they keep. */
export function dataRoutes(ctx: DataContext) {
  const storages = new Map<string, Map<string, FakeVolume>>();
  const failNodes = new Map<string, string>();
  const snaps = snapshotRoutes({ ...ctx, hasVolume: (node, volid) => storage(node, volid.split(':')[0]!).has(volid) });

  function storage(node: string, name: string): Map<string, FakeVolume> {
    ctx.node(node);
    if (!STORAGES.includes(name)) throw ctx.fail(500, `storage '${name}' does not exist`);
    const key = `${node}/${name}`;
    if (!storages.has(key)) storages.set(key, new Map());
    return storages.get(key)!;
  }
  const unknownKeys = (p: Record<string, string>, known: string[], errors: Record<string, string>) => {
    for (const k of Object.keys(p)) if (!known.includes(k)) errors[k] = NOT_IN_SCHEMA;
  };
  const volumeOut = (v: FakeVolume) => ({
    volid: v.volid,
    content: v.content,
    format: v.content === 'iso' ? 'iso' : 'vma.zst',
    size: v.size,
    ctime: v.ctime,
    ...(v.vmid !== undefined ? { vmid: v.vmid, subtype: 'qemu' } : {}),
    ...(v.notes ? { notes: v.notes } : {}),
    ...(v.protected ? { protected: 1 } : {}),
  });
  /** A node's own task, taking the node's injected failure. */
  const nodeTask = (node: string, type: string, params: Record<string, string>) => {
    const failure = failNodes.get(node);
    failNodes.delete(node);
    return ctx.startTask({ node }, type, params, { upidId: '', ...(failure ? { failure } : {}) });
  };
  /** Restores `vm`'s config from a backup's copy: its own disk names, and new MACs when `unique`. */
  function restoredConfig(vm: FakeVm, backup: FakeVolume, p: Record<string, string>): Record<string, string | number> {
    const out: Record<string, string | number> = {};
    let disk = 0;
    for (const [k, v] of Object.entries(backup.config ?? {})) {
      if (k === 'lock') continue;
      if (DRIVE.test(k) && typeof v === 'string' && !/media=cdrom/.test(v))
        out[k] = v.replace(/^([^:,]+):[^,]*/, `$1:vm-${vm.vmid}-disk-${disk++}`);
      else if (/^net\d+$/.test(k) && p.unique === '1') out[k] = String(v).replace(/^(\w+)=[0-9A-Fa-f:]{17}/, `$1=${randomMac()}`);
      else out[k] = v;
    }
    if (p.name) out.name = p.name;
    return out;
  }

  /** Ends a data task: its effect unless `failure`; answers the final failure text or null. Frees the task's lock. */
  function settle(t: FakeTask, failure: string | null): string | null {
    const p = t.params ?? {};
    const vm = ctx.vms.get(t.vmid);
    if (!failure && vm && snaps.types.has(t.type)) snaps.settle(t, vm);
    else if (!failure) {
      if (t.type === 'vzdump' && vm) {
        const store = storage(t.node, p.storage!);
        let at = Math.floor((t.startedAt ?? t.endsAt) / 1000);
        const name = (s: number) => `${p.storage}:backup/vzdump-qemu-${vm.vmid}-${dumpTime(new Date(s * 1000))}.vma.zst`;
        while (store.has(name(at))) at++;
        const size = Math.round(diskBytes(vm.config) * 0.31);
        const notes = (p['notes-template'] ?? '')
          .replace(/\{\{guestname\}\}/g, String(vm.config.name))
          .replace(/\{\{vmid\}\}/g, String(vm.vmid));
        store.set(name(at), {
          volid: name(at),
          content: 'backup',
          size,
          ctime: at,
          vmid: vm.vmid,
          notes,
          config: unlockedCopy(vm.config),
        });
      } else if (t.type === 'imgdel') storage(t.node, p.storage!).delete(p.volid!);
      else if (t.type === 'imgcopy') {
        const volid = `${p.storage}:iso/${p.filename}`;
        storage(t.node, p.storage!).set(volid, {
          volid,
          content: 'iso',
          size: Number(p.bytes),
          ctime: Math.floor(t.endsAt / 1000),
        });
      } else if (t.type === 'qmrestore' && vm) {
        const backup = storage(t.node, p.archive!.split(':')[0]!).get(p.archive!);
        if (!backup) failure = `volume '${p.archive}' does not exist`;
        else {
          vm.config = restoredConfig(vm, backup, p);
          vm.running = false;
          snaps.forget(vm.vmid);
        }
      }
    } else if (t.type === 'qmrestore' && p.force !== '1' && vm?.config.lock === 'create') ctx.vms.delete(vm.vmid);
    if (t.lock && vm?.config.lock === t.lock) delete vm.config.lock;
    return failure;
  }

  const routes: Route[] = [
    ...snaps.routes,
    [
      'GET',
      /^\/nodes\/([^/]+)\/storage\/([^/]+)\/content$/,
      ([, n, s], p) =>
        [...storage(n!, s!).values()]
          .filter(
            (v) => (p.content === undefined || v.content === p.content) && (p.vmid === undefined || String(v.vmid) === p.vmid),
          )
          .map(volumeOut),
    ],
    [
      'PUT',
      /^\/nodes\/([^/]+)\/storage\/([^/]+)\/content\/([^/]+)$/,
      ([, n, s, volid], p) => {
        const errors: Record<string, string> = {};
        unknownKeys(p, ['notes', 'protected'], errors);
        if (p.protected !== undefined && !/^(0|1)$/.test(p.protected))
          errors.protected = `type check ('boolean') failed - got '${p.protected}'`;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        const v = storage(n!, s!).get(volid!);
        if (!v) throw ctx.fail(500, `volume '${volid}' does not exist`);
        if (p.protected !== undefined) v.protected = p.protected === '1';
        if (p.notes !== undefined) v.notes = p.notes;
        return null;
      },
    ],
    [
      'DELETE',
      /^\/nodes\/([^/]+)\/storage\/([^/]+)\/content\/([^/]+)$/,
      ([, n, s, volid]) => {
        const v = storage(n!, s!).get(volid!);
        if (!v) throw ctx.fail(500, `volume '${volid}' does not exist`);
        if (v.protected) throw ctx.fail(500, `cannot remove protected archive '${dumpPath(v.volid)}'`);
        const owner = v.vmid !== undefined ? ctx.vms.get(v.vmid) : undefined;
        if (owner) return ctx.startTask(owner, 'imgdel', { storage: s!, volid: volid! }, { upidId: '' });
        return nodeTask(n!, 'imgdel', { storage: s!, volid: volid! });
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/vzdump$/,
      ([, n], p) => {
        ctx.node(n!);
        const errors: Record<string, string> = {};
        unknownKeys(p, ['vmid', 'storage', 'mode', 'compress', 'notes-template', 'protected', 'prune-backups', 'remove'], errors);
        if (p.vmid === undefined || !/^\d+$/.test(p.vmid)) errors.vmid = 'property is missing and it is not optional';
        if (p.mode !== undefined && !['snapshot', 'suspend', 'stop'].includes(p.mode))
          errors.mode = `value '${p.mode}' does not have a value in the enumeration 'snapshot, suspend, stop'`;
        if (p.compress !== undefined && !['0', '1', 'gzip', 'lzo', 'zstd'].includes(p.compress))
          errors.compress = `value '${p.compress}' does not have a value in the enumeration '0, 1, gzip, lzo, zstd'`;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        const store = p.storage ?? 'local';
        storage(n!, store);
        const vm = ctx.vmOn(n!, p.vmid!);
        const params = { storage: store, ...(p['notes-template'] ? { 'notes-template': p['notes-template'] } : {}) };
        if (vm.config.lock) return ctx.startTask(vm, 'vzdump', params, { failure: 'job errors' });
        return ctx.startTask(vm, 'vzdump', params, { lock: 'backup' });
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu$/,
      ([, n], p) => {
        ctx.node(n!);
        const errors: Record<string, string> = {};
        if (p.vmid === undefined) errors.vmid = 'property is missing and it is not optional';
        else if (!/^\d+$/.test(p.vmid) || Number(p.vmid) < 100) errors.vmid = 'value must have a minimum value of 100';
        if (p.archive === undefined) errors.archive = 'the fake PVE makes VMs only by restore';
        for (const k of Object.keys(p)) if (DRIVE.test(k)) errors[k] = "option conflicts with option 'archive'";
        unknownKeys(
          p,
          ['vmid', 'archive', 'force', 'unique', 'storage', 'start', 'name', 'cores', 'memory', 'description', 'pool'],
          errors,
        );
        if (
          p.name !== undefined &&
          !/^([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\.)*[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(p.name)
        )
          errors.name = 'invalid format - value does not look like a valid DNS name';
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        const backup = storage(n!, p.archive!.split(':')[0]!).get(p.archive!);
        if (!backup || backup.content !== 'backup') throw ctx.fail(500, `volume '${p.archive}' does not exist`);
        const vmid = Number(p.vmid);
        const held = ctx.vms.get(vmid);
        const params: Record<string, string> = {
          archive: p.archive!,
          ...(p.name ? { name: p.name } : {}),
          ...(p.unique ? { unique: p.unique } : {}),
        };
        if (held) {
          if (p.force !== '1')
            throw ctx.fail(500, `unable to restore VM ${vmid} - VM ${vmid} already exists on node '${held.node}'`);
          ctx.vmOn(n!, p.vmid!);
          if (held.config.protection) throw ctx.fail(500, `unable to restore VM ${vmid} - protection mode enabled`);
          if (held.config.lock) throw ctx.fail(500, `VM is locked (${held.config.lock})`);
          if (held.running) throw ctx.fail(500, `unable to restore VM ${vmid} - VM is running`);
          return ctx.startTask(held, 'qmrestore', { ...params, force: '1' }, { lock: 'create' });
        }
        const now = Date.now();
        const made: FakeVm = { vmid, node: n!, running: false, startedAt: now, createdAt: now, failNext: null, config: {} };
        ctx.vms.set(vmid, made);
        const source = backup.vmid !== undefined ? ctx.vms.get(backup.vmid) : undefined;
        return ctx.startTask(made, 'qmrestore', params, { lock: 'create', ...(source ? { failureOf: source } : {}) });
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/storage\/([^/]+)\/upload$/,
      ([, n, s], p) => {
        const store = storage(n!, s!);
        const errors: Record<string, string> = {};
        if (p.content === undefined) errors.content = 'property is missing and it is not optional';
        else if (!['iso', 'vztmpl', 'import'].includes(p.content))
          errors.content = `value '${p.content}' does not have a value in the enumeration 'iso, vztmpl, import'`;
        if (p['@file'] === undefined) errors.filename = 'property is missing and it is not optional';
        else if (p.content === 'iso' && !/^[^/]+\.(iso|img)$/i.test(p['@file'])) errors.filename = 'wrong file extension';
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        if (store.get(`${s}:iso/${p['@file']}`)?.protected) throw ctx.fail(500, 'volume is protected');
        return nodeTask(n!, 'imgcopy', { storage: s!, filename: p['@file']!, bytes: p['@bytes']! });
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/tasks$/,
      ([, n], p) => {
        ctx.node(n!);
        return [...ctx.tasks.values()]
          .filter(
            (t) =>
              t.node === n &&
              (p.vmid === undefined || String(t.vmid) === p.vmid) &&
              (p.typefilter === undefined || t.type === p.typefilter) &&
              (p.source !== 'active' || t.exit === null),
          )
          .map((t) => ({
            upid: t.upid,
            node: t.node,
            type: t.type,
            id: t.upidId ?? String(t.vmid),
            user: 'root@pam',
            ...(t.exit === null ? {} : { status: t.exit }),
          }));
      },
    ],
  ];

  return {
    routes,
    settle,
    /** The task types this part settles. */
    types: new Set(['vzdump', 'imgdel', 'imgcopy', 'qmrestore', ...snaps.types]),
    /** A destroyed VM's snapshots go with it. */
    forget: snaps.forget,
    failNextNodeTask(node: string, message: string) {
      ctx.node(node);
      failNodes.set(node, message);
    },
    /** The volumes of a node's storage (for tests). */
    volumes(node: string, name = 'local'): FakeVolume[] {
      return [...storage(node, name).values()];
    },
  };
}
