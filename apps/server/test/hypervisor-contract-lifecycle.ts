import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HypervisorDriver, VmNetwork } from '../src/drivers/hypervisor/hypervisor.js';
import type { ContractCluster } from './hypervisor-contract.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';

/** What the lifecycle contract needs of a cluster beyond the shared contract's handles. */
export interface LifecycleCluster extends ContractCluster {
  /** Creates a VM (with a guest agent configured, a CD drive and a cloud-init drive) and answers its vmid. */
  createVm(spec: {
    name: string;
    power?: 'RUNNING' | 'STOPPED';
    locked?: boolean;
    cores?: number;
    memoryMb?: number;
    diskGb?: number;
    bios?: 'seabios' | 'ovmf';
  }): Promise<number>;
  /** How long the guest agent of a VM takes to answer after it starts, ms, from now on. */
  setAgentDelay(ms: number): Promise<void>;
  /** Whether `password` is `user`'s password inside the guest now. */
  guestPasswordIs(vmid: number, user: string, password: string): Promise<boolean>;
}

/** Runs a task (or nothing) to its end and expects it ok. */
async function ok(d: HypervisorDriver, task: Promise<string | null>): Promise<void> {
  const id = await task;
  if (id !== null) expect(await waitTask(d, id)).toEqual({ id, state: 'ok', message: null });
}

/** A location's static addresses, as the portal's pools hand them out. */
const NETWORK: VmNetwork = {
  ipv4: { address: '198.51.100.23', prefix: 24, gateway: '198.51.100.1' },
  ipv6: { address: '2001:db8:14::23', prefix: 64, gateway: '2001:db8:14::1' },
};

/**
 * The contract's cases for a cloud server's lifecycle (HypervisorLifecycleDriver), run against
 * every driver: `makeCluster` is called once for the suite.
 */
export function lifecycleContract(label: string, makeCluster: () => Promise<LifecycleCluster>): void {
  describe(`hypervisor driver contract, lifecycle: ${label}`, () => {
    let cl: LifecycleCluster;
    let d: HypervisorDriver;
    beforeAll(async () => {
      cl = await makeCluster();
      d = cl.driver;
    });
    afterAll(async () => {
      await cl?.close();
    });

    /** Holds every task started in `fn` (a backup's lock, a copy's) and releases them after. */
    async function holding(fn: () => Promise<void>): Promise<void> {
      await cl.holdTasks();
      try {
        await fn();
      } finally {
        await cl.releaseTasks();
      }
    }

    it('sets the boot order from the letters d, c and n, and refuses an order without each once', async () => {
      const vmid = await cl.createVm({ name: 'boot-order' });
      await d.setBootOrder(vmid, ['n', 'd', 'c']);
      expect((await d.config(vmid)).bootOrder).toEqual(['net0', 'ide2', 'scsi0']);
      await d.setBootOrder(vmid, ['c', 'd', 'n']);
      expect((await d.config(vmid)).bootOrder).toEqual(['scsi0', 'ide2', 'net0']);
      for (const bad of [['d', 'd', 'c'], ['d', 'c'], ['d', 'c', 'n', 'c'], ['x', 'c', 'n'], []])
        await expectRefusal(d.setBootOrder(vmid, bad as never), 'BAD_PARAMETER', /each of d, c and n once/);
      expect((await d.config(vmid)).bootOrder).toEqual(['scsi0', 'ide2', 'net0']);
      await expectRefusal(d.setBootOrder(999_999_000, ['c', 'd', 'n']), 'NOT_FOUND', /does not exist/);
    });

    it('switches the firmware of a stopped VM to OVMF and back, each once', async () => {
      const vmid = await cl.createVm({ name: 'firmware', power: 'RUNNING' });
      await expectRefusal(d.setBios(vmid, 'ovmf'), 'INVALID_STATE', /is running/);
      await ok(d, d.power(vmid, 'stop'));
      const task = await d.setBios(vmid, 'ovmf');
      expect(task).toMatch(/^UPID:/);
      await ok(d, Promise.resolve(task));
      expect((await d.config(vmid)).bios).toBe('ovmf');
      expect(await d.setBios(vmid, 'ovmf')).toBeNull();
      await ok(d, d.setBios(vmid, 'seabios'));
      expect((await d.config(vmid)).bios).toBe('seabios');
      expect(await d.setBios(vmid, 'seabios')).toBeNull();
      await expectRefusal(d.setBios(vmid, 'uefi' as never), 'BAD_PARAMETER', /bios/);
    });

    it('adds and removes a TPM on a stopped VM, setting the state it has is no error', async () => {
      const vmid = await cl.createVm({ name: 'tpm-vm', bios: 'ovmf' });
      expect((await d.config(vmid)).tpm).toBe(false);
      const task = await d.setTpm(vmid, true);
      expect(task).toMatch(/^UPID:/);
      await ok(d, Promise.resolve(task));
      expect((await d.config(vmid)).tpm).toBe(true);
      expect(await d.setTpm(vmid, true)).toBeNull();
      await ok(d, d.power(vmid, 'start'));
      await expectRefusal(d.setTpm(vmid, false), 'INVALID_STATE', /is running/);
      await ok(d, d.power(vmid, 'stop'));
      await ok(d, d.setTpm(vmid, false));
      expect((await d.config(vmid)).tpm).toBe(false);
      expect(await d.setTpm(vmid, false)).toBeNull();
    });

    it('refuses removing the TPM or the EFI disk of a VM under the portal’s lock, but adds them', async () => {
      const vmid = await cl.createVm({ name: 'tpm-locked', locked: true });
      await ok(d, d.setTpm(vmid, true));
      await ok(d, d.setBios(vmid, 'ovmf'));
      await expectRefusal(d.setTpm(vmid, false), 'LOCKED', /VM is locked/);
      await expectRefusal(d.setBios(vmid, 'seabios'), 'LOCKED', /VM is locked/);
      expect(await d.config(vmid)).toMatchObject({ tpm: true, bios: 'ovmf' });
      await d.lock(vmid, false);
      await ok(d, d.setTpm(vmid, false));
      await ok(d, d.setBios(vmid, 'seabios'));
      expect(await d.config(vmid)).toMatchObject({ tpm: false, bios: 'seabios' });
    });

    it('refuses firmware, TPM, boot order, hardware, disk and address changes while Proxmox holds the VM', async () => {
      const vmid = await cl.createVm({ name: 'held-by-backup' });
      await holding(async () => {
        await d.backup(vmid, 'manual');
        await expectRefusal(d.setBios(vmid, 'ovmf'), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.setTpm(vmid, true), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.setBootOrder(vmid, ['d', 'c', 'n']), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.setHardware(vmid, 2, 2048), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.growDisk(vmid, 20), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.setNetwork(vmid, NETWORK), 'LOCKED', /^VM is locked \(backup\)$/);
        await expectRefusal(d.cloneVm(vmid, await d.nextVmid(), 'never-copied'), 'LOCKED', /^VM is locked \(backup\)$/);
      });
      expect(await d.config(vmid)).toMatchObject({ bios: 'seabios', tpm: false, cores: 1, diskGb: 10, network: null });
    });

    it('sets a guest user’s password through the agent of a running VM only', async () => {
      const vmid = await cl.createVm({ name: 'agent-pw' });
      await expectRefusal(d.setUserPassword(vmid, 'root', 'n3w-Secret'), 'INVALID_STATE', /not running/);
      await cl.setAgentDelay(3_600_000);
      try {
        await ok(d, d.power(vmid, 'start'));
        await expectRefusal(d.setUserPassword(vmid, 'root', 'n3w-Secret'), 'INVALID_STATE', /^QEMU guest agent is not running$/);
      } finally {
        await cl.setAgentDelay(0);
      }
      await ok(d, d.power(vmid, 'reboot'));
      await d.setUserPassword(vmid, 'root', 'n3w-Secret');
      expect(await cl.guestPasswordIs(vmid, 'root', 'n3w-Secret')).toBe(true);
      expect(await cl.guestPasswordIs(vmid, 'root', 'n3w-secret')).toBe(false);
      await d.setUserPassword(vmid, 'root', 'an0ther pass/with+chars=%');
      expect(await cl.guestPasswordIs(vmid, 'root', 'an0ther pass/with+chars=%')).toBe(true);
      expect(await cl.guestPasswordIs(vmid, 'root', 'n3w-Secret')).toBe(false);
    });

    it('refuses a password the guest would refuse, without quoting it', async () => {
      const vmid = await cl.createVm({ name: 'agent-bad-pw', power: 'RUNNING' });
      for (const bad of ['abcd', 'x'.repeat(1025)]) {
        const e = await d.setUserPassword(vmid, 'root', bad).then(
          () => null,
          (err: unknown) => err as Error,
        );
        expect(e).toMatchObject({ code: 'BAD_PARAMETER', message: expect.stringMatching(/^password: /) });
        expect(e!.message).not.toContain(bad);
      }
      expect(await cl.guestPasswordIs(vmid, 'root', 'abcd')).toBe(false);
    });

    it('sets cores and memory, also of a running VM, and refuses impossible hardware', async () => {
      const vmid = await cl.createVm({ name: 'upgrade-me', power: 'RUNNING', cores: 1, memoryMb: 1024 });
      await d.setHardware(vmid, 4, 8192);
      expect(await d.config(vmid)).toMatchObject({ cores: 4, memoryMb: 8192 });
      await expectRefusal(d.setHardware(vmid, 0, 2048), 'BAD_PARAMETER', /cores/);
      await expectRefusal(d.setHardware(vmid, 2, 15), 'BAD_PARAMETER', /memory/);
      await expectRefusal(d.setHardware(vmid, 1.5, 2048), 'BAD_PARAMETER', /cores/);
      expect(await d.config(vmid)).toMatchObject({ cores: 4, memoryMb: 8192 });
    });

    it('grows the boot disk through a task while the VM runs, never shrinks it, and does nothing for the same size', async () => {
      const vmid = await cl.createVm({ name: 'grow-disk', power: 'RUNNING', diskGb: 10 });
      const task = await d.growDisk(vmid, 25);
      expect(task).toMatch(new RegExp(`^UPID:[^:]+:[0-9A-F]{8}:[0-9A-F]{8,9}:[0-9A-F]{8}:resize:${vmid}:[^:]+:$`));
      await ok(d, Promise.resolve(task));
      expect((await d.config(vmid)).diskGb).toBe(25);
      expect(await d.growDisk(vmid, 25)).toBeNull();
      await expectRefusal(d.growDisk(vmid, 24), 'BAD_PARAMETER', /^shrinking disks is not supported$/);
      await expectRefusal(d.growDisk(vmid, 0), 'BAD_PARAMETER', /size/);
      expect((await d.config(vmid)).diskGb).toBe(25);
      expect((await d.status(vmid)).power).toBe('RUNNING');
    });

    it('sets the static addresses for cloud-init and reads them back', async () => {
      const vmid = await cl.createVm({ name: 'addressed' });
      expect((await d.config(vmid)).network).toBeNull();
      await d.setNetwork(vmid, NETWORK);
      expect((await d.config(vmid)).network).toEqual(NETWORK);
      const v6only: VmNetwork = { ipv4: null, ipv6: { address: '2001:db8:14::24', prefix: 64, gateway: '2001:db8:14::1' } };
      await d.setNetwork(vmid, v6only);
      expect((await d.config(vmid)).network).toEqual(v6only);
      await expectRefusal(
        d.setNetwork(vmid, { ipv4: { address: '2001:db8::1', prefix: 24, gateway: '198.51.100.1' }, ipv6: NETWORK.ipv6 }),
        'BAD_PARAMETER',
        /IPv4/,
      );
      await expectRefusal(d.setNetwork(vmid, { ipv4: NETWORK.ipv4, ipv6: null } as never), 'BAD_PARAMETER', /IPv6/);
      expect((await d.config(vmid)).network).toEqual(v6only);
    });

    it('copies a running VM fully to a new stopped VM on its node, safely repeated', async () => {
      const vmid = await cl.createVm({
        name: 'copy-source',
        power: 'RUNNING',
        cores: 2,
        memoryMb: 2048,
        diskGb: 12,
        bios: 'ovmf',
      });
      await d.setNetwork(vmid, NETWORK);
      const node = (await d.inventory()).vms.find((v) => v.vmid === vmid)!.node;
      const newVmid = await d.nextVmid();
      let task: string | null = null;
      await holding(async () => {
        task = await d.cloneVm(vmid, newVmid, 'copy-made');
        expect(task).toMatch(new RegExp(`^UPID:${node}:[0-9A-F]{8}:[0-9A-F]{8,9}:[0-9A-F]{8}:qmclone:${vmid}:[^:]+:$`));
        expect(await d.task(task!)).toMatchObject({ state: 'running' });
        expect((await d.inventory()).vms.find((v) => v.vmid === newVmid)).toMatchObject({ node, locked: true });
        expect((await d.status(vmid)).power).toBe('RUNNING');
        // A re-run follows the copy that runs; the source takes no config change meanwhile.
        expect(await d.cloneVm(vmid, newVmid, 'copy-made')).toEqual(expect.any(String));
        await expectRefusal(d.setHardware(vmid, 4, 4096), 'LOCKED', /lock/);
      });
      expect(await waitTask(d, task!)).toMatchObject({ state: 'ok' });
      expect((await d.inventory()).vms.find((v) => v.vmid === newVmid)).toMatchObject({
        name: 'copy-made',
        node,
        power: 'STOPPED',
        locked: false,
      });
      expect(await d.config(newVmid)).toMatchObject({ cores: 2, memoryMb: 2048, diskGb: 12, bios: 'ovmf', network: NETWORK });
      expect(await d.status(vmid)).toMatchObject({ power: 'RUNNING', locked: false });
      expect(await d.cloneVm(vmid, newVmid, 'copy-made')).toBeNull();
      await expectRefusal(
        d.cloneVm(vmid, newVmid, 'other-name'),
        'BAD_PARAMETER',
        new RegExp(`^VM ${newVmid} already exists on node '`),
      );
      await expectRefusal(d.cloneVm(vmid, vmid, 'copy-source'), 'BAD_PARAMETER', /already exists/);
      await expectRefusal(d.cloneVm(999_999_000, await d.nextVmid(), 'no-source'), 'NOT_FOUND', /does not exist/);
      expect((await d.inventory()).vms.filter((v) => v.name === 'copy-made')).toHaveLength(1);
    });

    it('ends each kind of task in error with the injected message and changes nothing', async () => {
      const vmid = await cl.createVm({ name: 'life-fails', diskGb: 10 });
      const fail = async (task: () => Promise<string | null>, message: string) => {
        await cl.failNextTask(vmid, message);
        const id = await task();
        expect(id).not.toBeNull();
        expect(await waitTask(d, id!)).toMatchObject({ state: 'error', message });
        expect((await d.status(vmid)).locked).toBe(false);
      };
      await fail(() => d.setBios(vmid, 'ovmf'), 'efidisk0: storage full');
      await fail(() => d.setTpm(vmid, true), 'tpmstate0: storage full');
      await fail(() => d.growDisk(vmid, 30), 'resize: volume busy');
      expect(await d.config(vmid)).toMatchObject({ bios: 'seabios', tpm: false, diskGb: 10 });
      const newVmid = await d.nextVmid();
      await fail(() => d.cloneVm(vmid, newVmid, 'never-copied'), 'clone failed: storage full');
      expect((await d.inventory()).vms.some((v) => v.vmid === newVmid)).toBe(false);
      // Only the next task fails.
      await ok(d, d.growDisk(vmid, 30));
      expect((await d.config(vmid)).diskGb).toBe(30);
    });
  });
}
