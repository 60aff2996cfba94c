/**
 * A cloud server's lifecycle in the simulator (issue 14), as on Proxmox VE (see
 * {@link HypervisorLifecycleDriver}):
 * - setBootOrder, setHardware, setNetwork: synchronous config writes (d = ide2, c = scsi0,
 *   n = net0; the addresses as cloud-init's ipconfig0), refused under Proxmox's own lock.
 * - setBios, setTpm: need the VM stopped and without Proxmox's lock. Adding a disk (OVMF's EFI vars,
 *   the TPM state) is a `qmconfig` task applied when it is ok; removing one is at once and, as
 *   Proxmox's `protection` forbids removing disks, refused while the portal's lock is on.
 * - setUserPassword: through the guest agent, which answers once the VM has run for
 *   `agentDelayMs`; kept as a salted scrypt hash per guest user (root or Administrator, and
 *   cloud-init's user). checkConsoleLogin checks a login of the serial console against those,
 *   else against cloud-init's password.
 * - growDisk: a `resize` task (grow only).
 * - cloneVm: the copy exists at once, stopped and locked 'clone', with the source's settings, disks,
 *   guest passwords and a new MAC address; a `qmclone` task of the source (which holds the lock
 *   'clone' meanwhile, as Proxmox's own) ends it: ok unlocks both, failure removes the copy. It
 *   takes the longer the larger the disk ({@link cloneLength} task times).
 * Failure injection (the VM's, its node's, failAllTasks) applies to every task.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { findVmImage } from '@portside/contract/images';
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
import { checkSimPassword, hashSimPassword, type SimCore } from './simulator-create.js';
import { setPveLock } from './simulator-data.repository.js';
import * as life from './simulator-lifecycle.repository.js';
import * as sim from './simulator.repository.js';
import type { SimVmRow } from './simulator.repository.js';

/** What the lifecycle part uses of the simulator's core (simulator.ts). */
export interface SimLifecycleCore extends SimCore {
  /** How long after a start the guest agent answers, ms. */
  agentDelayMs(): number;
}

/** The simulator's lifecycle methods, plus the console's password check. */
export interface SimulatorLifecycle extends HypervisorLifecycleDriver {
  checkConsoleLogin(vmid: number, user: string, password: string): Promise<boolean>;
}

/** The simulator's devices for the portal's boot letters. */
const DEVICE: Record<BootDevice, string> = { d: 'ide2', c: 'scsi0', n: 'net0' };

/** A random MAC address in Proxmox's prefix (BC:24:11). */
const newMac = () =>
  ['BC', '24', '11', ...[...crypto.randomBytes(3)].map((b) => b.toString(16).padStart(2, '0').toUpperCase())].join(':');

/** How many task times a full copy takes: it streams the whole disk, one more task time per 20 GB. */
export const cloneLength = (diskGb: number) => 1 + diskGb / 20;

/** The guest's own administrator: Administrator on Windows, root elsewhere (and on VMs set up by hand). */
const adminOf = (vm: SimVmRow) => (vm.image && findVmImage(vm.image)?.osFamily === 'windows' ? 'Administrator' : 'root');

/** The driver methods of a cloud server's lifecycle. */
export function simulatorLifecycle(core: SimLifecycleCore): SimulatorLifecycle {
  const refuseUnderLock = (vm: SimVmRow) => {
    if (vm.pve_lock) throw new HypervisorError('LOCKED', `VM is locked (${vm.pve_lock})`);
  };
  /** Proxmox's `protection` refuses removing a disk (the portal's lock). */
  const refuseDiskRemoval = (vm: SimVmRow) => {
    if (vm.locked) throw new HypervisorError('LOCKED', 'VM is locked');
  };
  const stoppedOnly = (vm: SimVmRow, what: string) => {
    if (vm.power !== 'STOPPED')
      throw new HypervisorError('INVALID_STATE', `VM ${vm.vmid} is running - ${what} can only change while it is stopped`);
  };

  /** The VM, for a config write: it must exist and Proxmox must not hold its lock. */
  async function writable(c: pg.PoolClient, vmid: number): Promise<SimVmRow> {
    const vm = await core.vmRow(c, vmid, true);
    refuseUnderLock(vm);
    return vm;
  }

  return {
    async setBootOrder(vmid, order) {
      checkBootOrder(order);
      await core.inTx(async (c) => {
        await writable(c, vmid);
        await life.setBootOrder(
          c,
          vmid,
          order.map((d) => DEVICE[d]),
        );
      });
    },

    async setBios(vmid, bios) {
      checkBios(bios);
      return core.inTx(async (c) => {
        const vm = await writable(c, vmid);
        stoppedOnly(vm, 'the firmware');
        if (vm.bios === bios) return null;
        if (bios === 'ovmf') return core.startTask(c, vm, 'qmconfig', { bios } satisfies life.ConfigParams);
        refuseDiskRemoval(vm);
        await life.setBios(c, vmid, bios);
        return null;
      });
    },

    async setTpm(vmid, on) {
      return core.inTx(async (c) => {
        const vm = await writable(c, vmid);
        stoppedOnly(vm, 'the TPM');
        if (vm.tpm === Boolean(on)) return null;
        if (on) return core.startTask(c, vm, 'qmconfig', { tpm: true } satisfies life.ConfigParams);
        refuseDiskRemoval(vm);
        await life.removeTpm(c, vmid);
        return null;
      });
    },

    async setUserPassword(vmid, user, password) {
      checkGuestPassword(user, password);
      const hash = await hashSimPassword(password);
      await core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        if (vm.power !== 'RUNNING' || !vm.started_at) throw new HypervisorError('INVALID_STATE', `VM ${vmid} is not running`);
        if (core.now().getTime() - vm.started_at.getTime() < core.agentDelayMs())
          throw new HypervisorError('INVALID_STATE', 'QEMU guest agent is not running');
        if (user !== adminOf(vm) && user !== vm.ci_user)
          throw new HypervisorError('BAD_PARAMETER', `cannot set user password: user '${user}' does not exist`);
        await life.setGuestPassword(c, vmid, user, hash);
      });
    },

    async setHardware(vmid, cores, memoryMb) {
      checkHardware(cores, memoryMb);
      await core.inTx(async (c) => {
        await writable(c, vmid);
        await life.setHardware(c, vmid, cores, memoryMb);
      });
    },

    async growDisk(vmid, diskGb) {
      checkDiskGb(diskGb);
      return core.inTx(async (c) => {
        const vm = await writable(c, vmid);
        if (diskGb < vm.disk_gb) throw new HypervisorError('BAD_PARAMETER', 'shrinking disks is not supported');
        if (diskGb === vm.disk_gb) return null;
        return core.startTask(c, vm, 'resize', { diskGb });
      });
    },

    async cloneVm(vmid, newVmid, name) {
      checkClone(vmid, newVmid, name);
      return core.inTx(async (c) => {
        const held = await sim.findVm(c, newVmid, true);
        if (held) {
          if (held.name !== name)
            throw new HypervisorError('BAD_PARAMETER', `VM ${newVmid} already exists on node '${held.node}'`);
          return held.pve_lock === 'clone' ? life.runningCopyTask(c, newVmid) : null;
        }
        const source = await writable(c, vmid);
        const made = await life.insertCopy(c, vmid, { vmid: newVmid, name, mac: newMac() });
        if (!made) throw new HypervisorError('BAD_PARAMETER', `VM ${newVmid} already exists on node '${source.node}'`);
        await setPveLock(c, vmid, 'clone');
        const params = { newVmid, name } satisfies life.CloneParams;
        return core.startTask(c, source, 'qmclone', params, undefined, cloneLength(source.disk_gb));
      });
    },

    async setNetwork(vmid, network) {
      checkNetwork(network);
      await core.inTx(async (c) => {
        await writable(c, vmid);
        await life.setIpconfig(c, vmid, ipconfigOf({ network }));
      });
    },

    async checkConsoleLogin(vmid, user, password) {
      const vm = await core.inTx((c) => core.vmRow(c, vmid));
      const hash = vm.guest_passwords[user] ?? (user === vm.ci_user ? vm.ci_password_hash : null);
      return typeof hash === 'string' && typeof password === 'string' && checkSimPassword(hash, password);
    },
  };
}
