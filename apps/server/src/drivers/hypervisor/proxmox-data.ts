/**
 * Backups, snapshots, ISO images and the CD drive on Proxmox VE (issue 13; see
 * {@link HypervisorDataDriver}), on the VM's node:
 * - backups: `GET /nodes/{n}/storage/{backupStorage}/content?content=backup&vmid=`; backup:
 *   `POST /nodes/{n}/vzdump {vmid, storage, mode: snapshot, compress: zstd, notes-template}`
 *   (a `vzdump` task; Proxmox holds the lock 'backup' meanwhile); protect:
 *   `PUT .../content/{volid, URL-encoded} {protected: 0|1}`; delete: `DELETE` that path (an
 *   `imgdel` task on PVE 7+, null before). Only volids the VM's listing holds are touched (NOT_FOUND
 *   otherwise), so one VM's caller never reaches another's backup; a protected one is refused
 *   first. After the VM is gone its backups are reached through any online node (the storage is
 *   the cluster's).
 * - restore: `POST /nodes/{n}/qemu {vmid, archive, force: 1}` (`qmrestore`, lock 'create'), after
 *   checking the VM is stopped, unprotected and unlocked. As a new VM: `{vmid: new, archive,
 *   unique: 1, name}`: the name goes with the restore (PVE 7.2+ overrides config options given
 *   with an archive), so the VM never stands under the old name. A re-run finds the vmid held: same
 *   name and unlocked → null; lock 'create' → the running qmrestore's UPID
 *   (`GET /nodes/{n}/tasks?vmid=&typefilter=qmrestore&source=active`).
 * - snapshots: `GET snapshot` (without `current`; ordered by parent line, then `snaptime`),
 *   `POST snapshot {snapname, description}`, `DELETE snapshot/{name}`,
 *   `POST snapshot/{name}/rollback`. Proxmox finds a taken name, an unknown snapshot and a rollback
 *   to an older one only inside the task, so the driver checks first (the rollback rule is ZFS's;
 *   its wording is unverified). Proxmox reports no snapshot sizes: sizeBytes is 0.
 * - ISO images: `GET /nodes/{n}/storage/{isoStorage}/content?content=iso`; upload: multipart
 *   `POST .../upload` with `content=iso` and the file part `filename`, streamed (an `imgcopy`
 *   task); delete: `DELETE .../content/{isoStorage}:iso/{name}`.
 * - CD drive: `POST config {ide2: 'STORAGE:iso/NAME,media=cdrom', boot: 'order=ide2;…', digest}`
 *   (eject: `none,media=cdrom` and the boot disk first), the other boot devices kept; the
 *   `qmconfig` task is waited for, as setCdrom is synchronous. An ide2 holding the cloud-init
 *   drive is never overwritten.
 *
 * The API token then also needs VM.Backup, VM.Snapshot, VM.Snapshot.Rollback and VM.Config.CDROM
 * on the VMs, Datastore.Audit, Datastore.AllocateSpace and Datastore.Allocate (protect, remove)
 * on the backup storage, Datastore.AllocateTemplate on the ISO storage, and Sys.Audit on the
 * nodes (their task lists).
 */
import type { HypervisorDataDriver, VmBackup, VmSnapshot } from './hypervisor.js';
import { HypervisorError, VM_NAME_PATTERN } from './hypervisor.js';
import { bootFirst, chainOrder, checkIsoName, checkSnapshotName } from './data-rules.js';
import { ProxmoxRequestError } from './proxmox-client.js';
import { bootDiskKey, num, parseBootOrder, truthy, type PveConfig, type PveResource } from './proxmox-config.js';
import type { PveCore } from './proxmox-create.js';

/** What the data part uses of the driver's core (proxmox.ts). */
export interface PveDataCore extends PveCore {
  /** Proxmox's own lock, the protection flag and the power state of a VM. */
  state(r: PveResource): Promise<{ power: 'RUNNING' | 'STOPPED'; lock: string | null; protection: boolean }>;
  backupStorage: string;
  isoStorage: string;
}

interface PveContent {
  volid: string;
  content?: string;
  size?: number | string;
  ctime?: number | string;
  notes?: string;
  protected?: number | string | boolean;
  vmid?: number | string;
}

interface PveSnapshot {
  name: string;
  description?: string;
  snaptime?: number | string;
  parent?: string;
}

const enc = encodeURIComponent;
const cdromOf = (isoStorage: string, filename: string) => `${isoStorage}:iso/${filename},media=cdrom`;

/** The driver methods for backups, snapshots, ISO images and the CD drive. */
export function proxmoxData(core: PveDataCore): HypervisorDataDriver {
  const { api, backupStorage, isoStorage } = core;
  const nodePath = (node: string) => `/nodes/${enc(node)}`;
  const backupContent = (node: string) => `${nodePath(node)}/storage/${enc(backupStorage)}/content`;
  const isoContent = (node: string) => `${nodePath(node)}/storage/${enc(isoStorage)}/content`;

  /** The node a VM's backups are reached through: its own, or any online one once it is gone. */
  async function backupNode(vmid: number): Promise<string> {
    try {
      return (await core.locate(vmid)).node;
    } catch (e) {
      if (!(e instanceof HypervisorError && e.code === 'NOT_FOUND')) throw e;
      const nodes = (await api.call<{ node: string; status?: string }[]>('GET', '/nodes')) ?? [];
      const up = nodes.find((n) => n.status === 'online' && core.managed(n.node));
      if (!up) throw e;
      return up.node;
    }
  }

  async function listBackups(node: string, vmid: number): Promise<VmBackup[]> {
    const items = (await api.call<PveContent[]>('GET', backupContent(node), { content: 'backup', vmid })) ?? [];
    return items
      .filter((i) => (i.content ?? 'backup') === 'backup' && (i.vmid === undefined || Number(i.vmid) === vmid))
      .map((i) => ({
        volid: i.volid,
        sizeBytes: num(i.size, 0),
        createdAt: new Date(num(i.ctime, 0) * 1000),
        protected: truthy(i.protected),
        notes: typeof i.notes === 'string' ? i.notes : '',
      }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.volid < b.volid ? -1 : a.volid > b.volid ? 1 : 0));
  }

  async function backupOf(node: string, vmid: number, volid: string): Promise<VmBackup> {
    const b = (await listBackups(node, vmid)).find((x) => x.volid === volid);
    if (!b) throw new HypervisorError('NOT_FOUND', `volume '${volid}' does not exist`);
    return b;
  }

  async function listSnapshots(r: PveResource): Promise<VmSnapshot[]> {
    const items = (await api.call<PveSnapshot[]>('GET', `${core.vmPath(r)}/snapshot`)) ?? [];
    const snaps = items
      .filter((s) => s.name !== 'current')
      .map((s) => ({
        name: s.name,
        description: typeof s.description === 'string' ? s.description : '',
        createdAt: new Date(num(s.snaptime, 0) * 1000),
        parent: typeof s.parent === 'string' && s.parent !== '' ? s.parent : null,
        sizeBytes: 0,
      }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return chainOrder(snaps);
  }

  async function snapshotOf(r: PveResource, name: string): Promise<VmSnapshot[]> {
    const all = await listSnapshots(r);
    if (!all.some((s) => s.name === name)) throw new HypervisorError('NOT_FOUND', `snapshot '${name}' does not exist`);
    return all;
  }

  /** The VM, refused LOCKED while Proxmox holds its own lock (Proxmox would fail the task instead). */
  async function unlocked(vmid: number) {
    const r = await core.locate(vmid);
    const s = await core.state(r);
    if (s.lock) throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
    return { r, s };
  }

  async function isoNames(node: string): Promise<Array<{ filename: string; sizeBytes: number }>> {
    const nodes = (await api.call<{ node: string }[]>('GET', '/nodes')) ?? [];
    if (!core.managed(node) || !nodes.some((n) => n.node === node))
      throw new HypervisorError('NOT_FOUND', `no such cluster node '${node}'`);
    const items = (await api.call<PveContent[]>('GET', isoContent(node), { content: 'iso' })) ?? [];
    const prefix = `${isoStorage}:iso/`;
    return items
      .filter((i) => (i.content ?? 'iso') === 'iso' && i.volid.startsWith(prefix))
      .map((i) => ({ filename: i.volid.slice(prefix.length), sizeBytes: num(i.size, 0) }))
      .sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  }

  /** Waits for a task this part started (a config write answered with a UPID) and fails with its exit status. */
  async function finish(upid: string, timeoutMs = 120_000): Promise<void> {
    const node = upid.split(':')[1] ?? '';
    const until = Date.now() + timeoutMs;
    for (;;) {
      const t = await api.call<{ status?: string; exitstatus?: string }>('GET', `${nodePath(node)}/tasks/${enc(upid)}/status`);
      if (t?.status !== 'running') {
        const exit = t?.exitstatus ?? 'unknown task end';
        if (exit === 'OK' || /^WARNINGS: \d+$/.test(exit)) return;
        if (/VM is locked/.test(exit)) throw new HypervisorError('LOCKED', exit);
        throw new ProxmoxRequestError(null, `Proxmox VE config update failed: ${exit}`);
      }
      if (Date.now() > until) throw new ProxmoxRequestError(null, `Proxmox VE config update still running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    async backups(vmid) {
      return listBackups((await core.locate(vmid)).node, vmid);
    },

    async backup(vmid, notes) {
      const { r } = await unlocked(vmid);
      const data = await api.call('POST', `${nodePath(r.node)}/vzdump`, {
        vmid,
        storage: backupStorage,
        mode: 'snapshot',
        compress: 'zstd',
        'notes-template': String(notes),
      });
      return core.upid(data, 'vzdump');
    },

    async protectBackup(vmid, volid, on) {
      const node = await backupNode(vmid);
      await backupOf(node, vmid, volid);
      await api.call('PUT', `${backupContent(node)}/${enc(volid)}`, { protected: on ? 1 : 0 });
    },

    async deleteBackup(vmid, volid) {
      const node = await backupNode(vmid);
      if ((await backupOf(node, vmid, volid)).protected) throw new HypervisorError('BAD_PARAMETER', 'backup is protected');
      const data = await api.call('DELETE', `${backupContent(node)}/${enc(volid)}`);
      return data === null || data === undefined ? null : core.upid(data, 'delete backup');
    },

    async restoreBackup(vmid, volid) {
      const { r, s } = await unlocked(vmid);
      if (s.protection) throw new HypervisorError('LOCKED', 'VM is locked');
      if (s.power !== 'STOPPED') throw new HypervisorError('INVALID_STATE', `unable to restore VM ${vmid} - VM is running`);
      await backupOf(r.node, vmid, volid);
      return core.upid(await api.call('POST', `${nodePath(r.node)}/qemu`, { vmid, archive: volid, force: 1 }), 'restore');
    },

    async restoreBackupAsNew(vmid, volid, newVmid, name) {
      if (!Number.isInteger(newVmid) || newVmid < 100)
        throw new HypervisorError('BAD_PARAMETER', 'vmid: value must have a minimum value of 100');
      if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name))
        throw new HypervisorError('BAD_PARAMETER', 'name: invalid format - value does not look like a valid DNS name');
      const all = (await api.call<PveResource[]>('GET', '/cluster/resources', { type: 'vm' })) ?? [];
      const held = all.find((x) => x.vmid === newVmid);
      if (held) {
        const ours =
          held.type === 'qemu' && !truthy(held.template) && (held.name === name || (held.lock === 'create' && !held.name));
        if (!ours)
          throw new HypervisorError(
            'BAD_PARAMETER',
            `${held.type === 'lxc' ? 'CT' : 'VM'} ${newVmid} already exists on node '${held.node}'`,
          );
        if (held.lock !== 'create') return null;
        const active =
          (await api.call<{ upid: string; type?: string }[]>('GET', `${nodePath(held.node)}/tasks`, {
            vmid: newVmid,
            typefilter: 'qmrestore',
            source: 'active',
          })) ?? [];
        const running = active.find((t) => t.type === undefined || t.type === 'qmrestore');
        if (!running) throw new HypervisorError('LOCKED', 'VM is locked (create)');
        return running.upid;
      }
      const r = await core.locate(vmid);
      await backupOf(r.node, vmid, volid);
      const data = await api.call('POST', `${nodePath(r.node)}/qemu`, { vmid: newVmid, archive: volid, unique: 1, name });
      return core.upid(data, 'restore');
    },

    async snapshots(vmid) {
      return listSnapshots(await core.locate(vmid));
    },

    async snapshot(vmid, name, description) {
      checkSnapshotName(name);
      const { r } = await unlocked(vmid);
      if ((await listSnapshots(r)).some((s) => s.name === name))
        throw new HypervisorError('BAD_PARAMETER', `snapshot name '${name}' already used`);
      const data = await api.call('POST', `${core.vmPath(r)}/snapshot`, {
        snapname: name,
        ...(description ? { description: String(description) } : {}),
      });
      return core.upid(data, 'snapshot');
    },

    async deleteSnapshot(vmid, name) {
      const { r } = await unlocked(vmid);
      await snapshotOf(r, name);
      return core.upid(await api.call('DELETE', `${core.vmPath(r)}/snapshot/${enc(name)}`), 'delete snapshot');
    },

    async rollbackSnapshot(vmid, name) {
      const { r } = await unlocked(vmid);
      const all = await snapshotOf(r, name);
      if (all.at(-1)?.name !== name)
        throw new HypervisorError('BAD_PARAMETER', `can't rollback, '${name}' is not most recent snapshot`);
      return core.upid(await api.call('POST', `${core.vmPath(r)}/snapshot/${enc(name)}/rollback`), 'rollback');
    },

    async isos(node) {
      return isoNames(node);
    },

    async uploadIso(node, filename, sizeBytes, read) {
      checkIsoName(filename, sizeBytes);
      await isoNames(node);
      const data = await api.upload(
        `${nodePath(node)}/storage/${enc(isoStorage)}/upload`,
        { content: 'iso' },
        { field: 'filename', filename, size: sizeBytes, stream: await read() },
      );
      return core.upid(data, 'upload');
    },

    async deleteIso(node, filename) {
      if (!(await isoNames(node)).some((i) => i.filename === filename)) return null;
      const data = await api.call('DELETE', `${isoContent(node)}/${enc(`${isoStorage}:iso/${filename}`)}`);
      return data === null || data === undefined ? null : core.upid(data, 'delete ISO image');
    },

    async setCdrom(vmid, filename) {
      const r = await core.locate(vmid);
      const cfg = (await api.call<PveConfig>('GET', `${core.vmPath(r)}/config`)) ?? {};
      if (typeof cfg.lock === 'string' && cfg.lock) throw new HypervisorError('LOCKED', `VM is locked (${cfg.lock})`);
      if (typeof cfg.ide2 === 'string' && /^[^,]*cloudinit/.test(cfg.ide2))
        throw new HypervisorError('BAD_PARAMETER', `VM ${vmid} has its cloud-init drive on ide2`);
      const order = parseBootOrder(cfg);
      let ide2: string;
      let boot: string[];
      if (filename === null) {
        ide2 = 'none,media=cdrom';
        boot = bootFirst(order, bootDiskKey(cfg) ?? 'scsi0');
      } else {
        if (!(await isoNames(r.node)).some((i) => i.filename === filename))
          throw new HypervisorError('NOT_FOUND', `volume '${isoStorage}:iso/${filename}' does not exist`);
        ide2 = cdromOf(isoStorage, filename);
        boot = bootFirst(order, 'ide2');
      }
      const data = await api.call('POST', `${core.vmPath(r)}/config`, {
        ide2,
        boot: `order=${boot.join(';')}`,
        ...(typeof cfg.digest === 'string' ? { digest: cfg.digest } : {}),
      });
      if (data !== null && data !== undefined) await finish(core.upid(data, 'config'));
    },

    async cdrom(vmid) {
      const r = await core.locate(vmid);
      const cfg = (await api.call<PveConfig>('GET', `${core.vmPath(r)}/config`)) ?? {};
      const m = typeof cfg.ide2 === 'string' ? /^[^:,]+:iso\/([^,]+)(?:,|$)/.exec(cfg.ide2) : null;
      return m ? m[1]! : null;
    },
  };
}
