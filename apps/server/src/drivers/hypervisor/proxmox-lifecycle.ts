/**
 * A cloud server's lifecycle on Proxmox VE (issue 14; see {@link HypervisorLifecycleDriver}), on
 * the VM's node:
 * - setBootOrder: `PUT config {boot: 'order=…', digest}` with d = the CD drive (ide2, never the
 *   cloud-init drive), c = the boot disk, n = net0; devices the VM lacks are left out (Proxmox
 *   refuses an order naming them), other devices in its order follow them (a cloud-init drive
 *   does not: nothing boots from it).
 * - setBios, setTpm: checked first against `status/current` and the config (Proxmox would accept
 *   the change on a running VM as pending, and fail only later under its own lock). Adding a disk
 *   is `POST config` (a `qmconfig` task that allocates `efidisk0: STORAGE:1,efitype=4m,
 *   pre-enrolled-keys=1` or `tpmstate0: STORAGE:1,version=v2.0` on the boot disk's storage);
 *   removing one is `PUT config {delete, force: 1}` (freed, not left as unusedN), refused first
 *   under `protection`, which Proxmox refuses ("can't remove drive … protection mode enabled").
 * - setUserPassword: `POST agent/set-user-password {username, password}`; Proxmox's 'VM … is not
 *   running', 'QEMU guest agent is not running' and 'No QEMU guest agent configured' are
 *   INVALID_STATE, the agent's 'cannot set user password: …' BAD_PARAMETER. The password goes only
 *   into that request's form body and is cut out of any error.
 * - setHardware: `PUT config {cores, sockets: 1, memory}` (pending on a running VM until it is
 *   stopped and started).
 * - growDisk: `PUT resize {disk: <boot disk>, size: '<n>G'}` (a `resize` UPID on PVE 8, null on
 *   older versions that resize synchronously), the size and lock checked first.
 * - cloneVm: `POST clone {newid, name, full: 1}` (a `qmclone` UPID on the source's node; the copy
 *   exists at once with `lock: clone`). A re-run finds newid held: same name (or the nameless
 *   temporary config) still locked 'clone' → the follow id of proxmox-create.ts, which `task`
 *   answers from the copy itself; same name unlocked → null; anything else → BAD_PARAMETER.
 *   Meanwhile Proxmox holds the source's config file lock: config writes on it fail after 10 s
 *   with "can't lock file … got timeout" (LOCKED).
 * - setNetwork: `PUT config {ipconfig0}`, then `PUT cloudinit` regenerates the drive.
 *
 * The API token then also needs VM.Config.Options (boot), VM.Config.HWType (bios), VM.Config.Disk
 * (efidisk0, tpmstate0, resize), VM.Config.CPU and .Memory, VM.Config.Cloudinit and .Network,
 * VM.Monitor (the guest agent), VM.Clone and VM.Allocate, and Datastore.AllocateSpace on the disks'
 * storages.
 */
import { ipconfigOf } from './create-spec.js';
import { HypervisorError, type BootDevice, type HypervisorLifecycleDriver } from './hypervisor.js';
import {
  checkBios,
  checkBootOrder,
  checkClone,
  checkDiskGb,
  checkGuestPassword,
  checkHardware,
  checkNetwork,
} from './lifecycle-rules.js';
import { ProxmoxRequestError, type Params } from './proxmox-client.js';
import {
  bootDiskKey,
  cdDriveKey,
  driveSizeGb,
  isCloudInitDrive,
  parseBootOrder,
  storageOf,
  truthy,
  type PveConfig,
  type PveResource,
} from './proxmox-config.js';
import { followTaskId, scrub } from './proxmox-create.js';
import type { PveDataCore } from './proxmox-data.js';

const has = (cfg: PveConfig, key: string) => typeof cfg[key] === 'string' && cfg[key] !== '';
const digestOf = (cfg: PveConfig): Params => (typeof cfg.digest === 'string' ? { digest: cfg.digest } : {});

/** The driver methods of a cloud server's lifecycle. */
export function proxmoxLifecycle(core: PveDataCore): HypervisorLifecycleDriver {
  const { api } = core;
  const readConfig = async (r: PveResource): Promise<PveConfig> =>
    (await api.call<PveConfig>('GET', `${core.vmPath(r)}/config`)) ?? {};

  /** The boot disk's key and storage; BAD_PARAMETER when the VM has none. */
  function bootDisk(vmid: number, cfg: PveConfig): { key: string; storage: string } {
    const key = bootDiskKey(cfg);
    if (!key) throw new HypervisorError('BAD_PARAMETER', `VM ${vmid} has no boot disk`);
    return { key, storage: storageOf(String(cfg[key])) };
  }

  /** A VM whose disks are to change: stopped, without Proxmox's lock; its config and protection flag. */
  async function stoppedVm(vmid: number, what: string) {
    const r = await core.locate(vmid);
    const s = await core.state(r);
    if (s.lock) throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
    if (s.power !== 'STOPPED')
      throw new HypervisorError('INVALID_STATE', `VM ${vmid} is running - ${what} can only change while it is stopped`);
    return { r, cfg: await readConfig(r), protection: s.protection };
  }

  /** A config change that allocates a disk: POST config, answered with its task (null when Proxmox did it at once). */
  async function allocate(r: PveResource, params: Params): Promise<string | null> {
    const data = await api.call('POST', `${core.vmPath(r)}/config`, params);
    return data === null || data === undefined ? null : core.upid(data, 'config');
  }

  return {
    async setBootOrder(vmid, order) {
      checkBootOrder(order);
      const r = await core.locate(vmid);
      const cfg = await readConfig(r);
      const net = has(cfg, 'net0') ? 'net0' : Object.keys(cfg).find((k) => /^net\d+$/.test(k));
      const device: Record<BootDevice, string | undefined> = { d: cdDriveKey(cfg), c: bootDisk(vmid, cfg).key, n: net };
      const wanted = order.map((d) => device[d]).filter((k): k is string => k !== undefined);
      const others = parseBootOrder(cfg).filter((k) => !wanted.includes(k) && !isCloudInitDrive(cfg[k]));
      const boot = [...wanted, ...others];
      await api.call('PUT', `${core.vmPath(r)}/config`, { boot: `order=${boot.join(';')}`, ...digestOf(cfg) });
    },

    async setBios(vmid, bios) {
      checkBios(bios);
      const { r, cfg, protection } = await stoppedVm(vmid, 'the firmware');
      const current = cfg.bios === 'ovmf' ? 'ovmf' : 'seabios';
      const efi = has(cfg, 'efidisk0');
      if (bios === 'ovmf') {
        if (efi && current === 'ovmf') return null;
        if (efi) {
          await api.call('PUT', `${core.vmPath(r)}/config`, { bios, ...digestOf(cfg) });
          return null;
        }
        const efidisk0 = `${bootDisk(vmid, cfg).storage}:1,efitype=4m,pre-enrolled-keys=1`;
        return allocate(r, { bios, efidisk0, ...digestOf(cfg) });
      }
      if (!efi && current === 'seabios') return null;
      if (efi && protection) throw new HypervisorError('LOCKED', 'VM is locked');
      await api.call('PUT', `${core.vmPath(r)}/config`, {
        bios,
        ...(efi ? { delete: 'efidisk0', force: 1 } : {}),
        ...digestOf(cfg),
      });
      return null;
    },

    async setTpm(vmid, on) {
      const { r, cfg, protection } = await stoppedVm(vmid, 'the TPM');
      const tpm = has(cfg, 'tpmstate0');
      if (tpm === Boolean(on)) return null;
      if (on) return allocate(r, { tpmstate0: `${bootDisk(vmid, cfg).storage}:1,version=v2.0`, ...digestOf(cfg) });
      if (protection) throw new HypervisorError('LOCKED', 'VM is locked');
      await api.call('PUT', `${core.vmPath(r)}/config`, { delete: 'tpmstate0', force: 1, ...digestOf(cfg) });
      return null;
    },

    async setUserPassword(vmid, user, password) {
      checkGuestPassword(user, password);
      const r = await core.locate(vmid);
      try {
        await api.call('POST', `${core.vmPath(r)}/agent/set-user-password`, { username: user, password });
      } catch (e) {
        const clean = scrub(e, password);
        // The guest agent's own refusal (a password policy, an unknown user): the request, not the cluster.
        if (clean instanceof ProxmoxRequestError && clean.status === 500 && /cannot set user password/.test(clean.message))
          throw new HypervisorError('BAD_PARAMETER', clean.message.replace(/^Proxmox VE .* failed: HTTP 500 /, ''));
        throw clean;
      }
    },

    async setHardware(vmid, cores, memoryMb) {
      checkHardware(cores, memoryMb);
      const r = await core.locate(vmid);
      await api.call('PUT', `${core.vmPath(r)}/config`, { cores, sockets: 1, memory: memoryMb });
    },

    async growDisk(vmid, diskGb) {
      checkDiskGb(diskGb);
      const r = await core.locate(vmid);
      const cfg = await readConfig(r);
      if (typeof cfg.lock === 'string' && cfg.lock) throw new HypervisorError('LOCKED', `VM is locked (${cfg.lock})`);
      const { key } = bootDisk(vmid, cfg);
      const size = driveSizeGb(String(cfg[key]));
      if (diskGb < size) throw new HypervisorError('BAD_PARAMETER', 'shrinking disks is not supported');
      if (diskGb === size) return null;
      const data = await api.call('PUT', `${core.vmPath(r)}/resize`, { disk: key, size: `${diskGb}G`, ...digestOf(cfg) });
      return data === null || data === undefined ? null : core.upid(data, 'resize');
    },

    async cloneVm(vmid, newVmid, name) {
      checkClone(vmid, newVmid, name);
      const all = (await api.call<PveResource[]>('GET', '/cluster/resources', { type: 'vm' })) ?? [];
      const held = all.find((x) => x.vmid === newVmid);
      if (held) {
        const taken = () =>
          new HypervisorError(
            'BAD_PARAMETER',
            `${held.type === 'lxc' ? 'CT' : 'VM'} ${newVmid} already exists on node '${held.node}'`,
          );
        if (held.type !== 'qemu' || truthy(held.template)) throw taken();
        if (held.lock === 'clone' && (held.name === undefined || held.name === '' || held.name === name))
          return followTaskId(newVmid, name);
        if (held.name !== name) throw taken();
        return null;
      }
      const r = await core.locate(vmid);
      const s = await core.state(r);
      if (s.lock) throw new HypervisorError('LOCKED', `VM is locked (${s.lock})`);
      return core.upid(await api.call('POST', `${core.vmPath(r)}/clone`, { newid: newVmid, name, full: 1 }), 'clone');
    },

    async setNetwork(vmid, network) {
      checkNetwork(network);
      const r = await core.locate(vmid);
      await api.call('PUT', `${core.vmPath(r)}/config`, { ipconfig0: ipconfigOf({ network }) });
      await api.call('PUT', `${core.vmPath(r)}/cloudinit`);
    },
  };
}
