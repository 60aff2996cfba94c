/**
 * Creating VMs on Proxmox VE (issue 5), in the three steps of {@link HypervisorDriver.create}:
 * - nextVmid: `GET /cluster/nextid` (the lowest free id; nothing is reserved).
 * - create: clones the image's template. Templates are found in the inventory: a VM with
 *   `template: 1` named `tpl-<image id>` (e.g. `tpl-debian-12`), as operators name them; one on
 *   the target node is preferred, else the lowest vmid anywhere, cloned with `target` (Proxmox
 *   allows that only from shared storage). The template must have a cloud-init drive and a boot
 *   disk no larger than asked. Then `POST /nodes/{tpl node}/qemu/{tpl}/clone` with newid, name,
 *   full=1 (a full copy: no dependency on the template) and target; answers the `qmclone` UPID.
 *   While it runs the new VM exists with `lock: clone` (first without a name); a failed clone
 *   removes it.
 * - finishCreate: `PUT config` (synchronous; nothing in it takes long) with cores, sockets=1,
 *   memory, ciuser (root, Administrator on Windows), cipassword, sshkeys (URL-encoded as Proxmox
 *   requires: its `urlencoded` format allows only `[-%a-zA-Z0-9_.!~*'()]`, i.e.
 *   encodeURIComponent's output, of the keys joined by newlines), ipconfig0 (the spec's static
 *   addresses, ip=dhcp without them), bios (and an
 *   EFI disk on the boot disk's storage for OVMF when there is none), with the digest read; then
 *   `PUT resize` of the boot disk to `<diskGb>G` when it is smaller (a `resize` UPID on PVE 8,
 *   null on older versions that resize synchronously).
 * - Step 3 is `power(vmid, 'start')`: Proxmox regenerates the cloud-init drive at start.
 *
 * A re-run's create finds the vmid held: same name → taskId null; still `lock: clone` → a follow
 * id `portside-clone:<vmid>:<name>` (the clone's UPID names the template, not the new VM, so it
 * cannot be found again) that `task` answers from the VM itself: running while it is locked
 * 'clone', ok once unlocked under that name, error when it is gone. Another name (or a container)
 * → BAD_PARAMETER.
 *
 * The password goes only into the config write's form body; it is never logged (the driver logs
 * nothing) and is cut out of any error the write brings back.
 *
 * The API token then also needs VM.Clone on the templates, VM.Allocate and VM.Config.CPU,
 * .Memory, .Cloudinit, .Network, .Options and .Disk where the new VMs go (their pool),
 * Datastore.AllocateSpace on the storages, and SDN.Use on the bridges the templates' NICs use.
 */
import { templateNameOf, type VmImage, type VmImageId } from '@portside/contract/images';
import { checkCreateSpec, firstUserOf, ipconfigOf, pickNode } from './create-spec.js';
import { HypervisorError, type CreateStarted, type CreateVmSpec, type TaskStatus } from './hypervisor.js';
import { ProxmoxRequestError, type Params, type ProxmoxClient } from './proxmox-client.js';
import { bootDiskKey, driveSizeGb, storageOf, truthy, type PveConfig, type PveResource } from './proxmox-config.js';

/** What the provisioning part uses of the driver's core (proxmox.ts). */
export interface PveCore {
  api: ProxmoxClient;
  /** Whether the portal manages this node (the driver's nodeFilter). */
  managed(node: string): boolean;
  /** The VM's resources item; NOT_FOUND when the portal cannot see it. */
  locate(vmid: number): Promise<PveResource>;
  /** `/nodes/{node}/qemu/{vmid}`. */
  vmPath(r: Pick<PveResource, 'node' | 'vmid'>): string;
  /** The UPID in an answer, or a ProxmoxRequestError. */
  upid(data: unknown, what: string): string;
}

/** `/cluster/resources?type=vm` also lists containers, whose ids a VM cannot take either. */
type AnyResource = PveResource & { type: string };

const FOLLOW = /^portside-clone:(\d+):([A-Za-z0-9.-]+)$/;

/** Whether a task id is a follow id of this driver (not a UPID). */
export const isFollowTaskId = (id: string): boolean => FOLLOW.test(id);

/** The follow id of a clone that makes VM `vmid` named `name` (see {@link proxmoxProvisioning}'s followTask). */
export const followTaskId = (vmid: number, name: string): string => `portside-clone:${vmid}:${name}`;

/** The SSH keys as `sshkeys` takes them: one key a line, URL-encoded (spaces %20, '+' %2B, '/' %2F, '=' %3D, newline %0A). */
export const encodeSshKeys = (keys: readonly string[]): string => encodeURIComponent(keys.map((k) => k.trim()).join('\n'));

/** Whether a config has a cloud-init drive (`ide2: local-lvm:vm-9000-cloudinit,media=cdrom`). */
const hasCloudInit = (cfg: PveConfig): boolean =>
  Object.entries(cfg).some(
    ([k, v]) => /^(ide|sata|scsi|virtio)\d+$/.test(k) && typeof v === 'string' && /^[^,]*cloudinit/.test(v),
  );

/** `err` with every occurrence of `secret` (plain and URL-encoded) cut out of its message. */
export function scrub(err: unknown, secret: string | undefined): unknown {
  if (!secret || !(err instanceof Error)) return err;
  const variants = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  const clean = (text: string) => variants.reduce((t, v) => t.split(v).join('[password]'), text);
  if (!variants.some((v) => err.message.includes(v))) return err;
  if (err instanceof HypervisorError) return new HypervisorError(err.code, clean(err.message));
  if (err instanceof ProxmoxRequestError) return new ProxmoxRequestError(err.status, clean(err.message));
  return new Error(clean(err.message));
}

/** The driver methods that create VMs. */
export function proxmoxProvisioning(core: PveCore) {
  const { api } = core;

  async function nextVmid(): Promise<number> {
    const data = await api.call<unknown>('GET', '/cluster/nextid');
    const id = typeof data === 'number' ? data : typeof data === 'string' && /^\d+$/.test(data) ? Number(data) : NaN;
    if (!Number.isInteger(id) || id < 100) throw new ProxmoxRequestError(null, 'Proxmox VE nextid answered no VM id');
    return id;
  }

  /** A re-run's answer for the VM (or container) holding the vmid. */
  function existing(held: AnyResource, spec: CreateVmSpec): CreateStarted {
    const taken = () =>
      new HypervisorError(
        'BAD_PARAMETER',
        `${held.type === 'lxc' ? 'CT' : 'VM'} ${held.vmid} already exists on node '${held.node}'`,
      );
    if (held.type !== 'qemu' || truthy(held.template)) throw taken();
    if (held.lock === 'clone' && (held.name === undefined || held.name === spec.name)) {
      // Until the clone ends its config sits on the template's node; it moves to the target then.
      return { vmid: held.vmid, node: spec.node ?? held.node, taskId: followTaskId(held.vmid, spec.name) };
    }
    if (held.name !== spec.name) throw taken();
    return { vmid: held.vmid, node: held.node, taskId: null };
  }

  /** The image's template to clone for `node`, checked: cloud-init drive, boot disk no larger than asked. */
  async function templateFor(image: VmImage, all: AnyResource[], node: string, diskGb: number): Promise<PveResource> {
    const name = templateNameOf(image.id as VmImageId);
    const candidates = all
      .filter((r) => r.type === 'qemu' && truthy(r.template) && r.name === name)
      .sort((a, b) => a.vmid - b.vmid);
    const tpl = candidates.find((r) => r.node === node) ?? candidates[0];
    if (!tpl) throw new HypervisorError('NOT_FOUND', `image ${image.id}: the cluster has no VM template named '${name}'`);
    const cfg = (await api.call<PveConfig>('GET', `${core.vmPath(tpl)}/config`)) ?? {};
    const disk = bootDiskKey(cfg);
    if (!disk) throw new HypervisorError('BAD_PARAMETER', `template ${name} (VM ${tpl.vmid}) has no boot disk`);
    if (!hasCloudInit(cfg))
      throw new HypervisorError('BAD_PARAMETER', `template ${name} (VM ${tpl.vmid}) has no cloud-init drive`);
    const size = driveSizeGb(String(cfg[disk]));
    if (size > diskGb)
      throw new HypervisorError('BAD_PARAMETER', `disk: ${diskGb} GB is less than the ${size} GB of template ${name}`);
    return tpl;
  }

  return {
    nextVmid,

    async create(spec: CreateVmSpec): Promise<CreateStarted> {
      const image = checkCreateSpec(spec);
      const [nodes, resources] = await Promise.all([
        api.call<{ node: string; status?: string }[]>('GET', '/nodes'),
        api.call<AnyResource[]>('GET', '/cluster/resources', { type: 'vm' }),
      ]);
      const all = resources ?? [];
      if (spec.vmid !== undefined) {
        const held = all.find((r) => r.vmid === spec.vmid);
        if (held) return existing(held, spec);
      }
      const count = new Map<string, number>();
      for (const r of all) if (r.type === 'qemu' && !truthy(r.template)) count.set(r.node, (count.get(r.node) ?? 0) + 1);
      const candidates = (nodes ?? [])
        .filter((n) => core.managed(n.node))
        .map((n) => ({ name: n.node, online: n.status === 'online' }));
      const node = pickNode(candidates, (n) => count.get(n) ?? 0, spec.node);
      const tpl = await templateFor(image, all, node, spec.diskGb);
      const vmid = spec.vmid ?? (await nextVmid());
      const data = await api.call('POST', `${core.vmPath(tpl)}/clone`, {
        newid: vmid,
        name: spec.name,
        full: 1,
        ...(tpl.node !== node ? { target: node } : {}),
      });
      return { vmid, node, taskId: core.upid(data, 'clone') };
    },

    async finishCreate(vmid: number, spec: CreateVmSpec): Promise<string | null> {
      const image = checkCreateSpec(spec);
      const r = await core.locate(vmid);
      const cfg = (await api.call<PveConfig>('GET', `${core.vmPath(r)}/config`)) ?? {};
      if (cfg.name !== spec.name) throw new HypervisorError('BAD_PARAMETER', `VM ${vmid} is not named '${spec.name}'`);
      if (typeof cfg.lock === 'string' && cfg.lock) throw new HypervisorError('LOCKED', `VM is locked (${cfg.lock})`);
      const disk = bootDiskKey(cfg);
      if (!disk) throw new HypervisorError('BAD_PARAMETER', `VM ${vmid} has no boot disk`);
      const size = driveSizeGb(String(cfg[disk]));
      if (spec.diskGb < size) throw new HypervisorError('BAD_PARAMETER', 'shrinking disks is not supported');
      const params: Params = {
        cores: spec.cores,
        sockets: 1,
        memory: spec.memoryMb,
        ciuser: firstUserOf(image),
        // The QEMU guest agent, for Reset Root Password (the image must ship qemu-guest-agent).
        agent: 1,
        ipconfig0: ipconfigOf(spec),
        ...(spec.sshKeys.length ? { sshkeys: encodeSshKeys(spec.sshKeys) } : {}),
        ...(spec.rootPassword !== undefined ? { cipassword: spec.rootPassword } : {}),
        ...(spec.bios ? { bios: spec.bios } : {}),
        ...(spec.bios === 'ovmf' && !cfg.efidisk0
          ? { efidisk0: `${storageOf(String(cfg[disk]))}:1,efitype=4m,pre-enrolled-keys=1` }
          : {}),
        ...(typeof cfg.digest === 'string' ? { digest: cfg.digest } : {}),
      };
      try {
        await api.call('PUT', `${core.vmPath(r)}/config`, params);
      } catch (e) {
        throw scrub(e, spec.rootPassword);
      }
      if (spec.diskGb === size) return null;
      const data = await api.call('PUT', `${core.vmPath(r)}/resize`, { disk, size: `${spec.diskGb}G` });
      return data === null || data === undefined ? null : core.upid(data, 'resize');
    },

    /** The status of a follow id: the VM's own state stands for the clone task nobody can name. */
    async followTask(taskId: string): Promise<TaskStatus> {
      const [, id = '', name] = FOLLOW.exec(taskId) ?? [];
      const vmid = Number(id);
      const all = (await api.call<AnyResource[]>('GET', '/cluster/resources', { type: 'vm' })) ?? [];
      const vm = all.find((r) => r.vmid === vmid && r.type === 'qemu');
      if (!vm) return { id: taskId, state: 'error', message: `clone failed: VM ${vmid} no longer exists` };
      if (vm.lock === 'clone') return { id: taskId, state: 'running', message: null };
      if (vm.name !== name) return { id: taskId, state: 'error', message: `VM ${vmid} already exists on node '${vm.node}'` };
      return { id: taskId, state: 'ok', message: null };
    },
  };
}
