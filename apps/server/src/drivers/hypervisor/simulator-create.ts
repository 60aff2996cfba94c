/**
 * Creating VMs in the simulator (issue 5), the same three steps as on Proxmox VE (see
 * {@link HypervisorDriver.create}):
 * - nextVmid: the next value of sim_vmid_seq not taken by a VM made by hand; each id once.
 * - create: the VM row appears at once, locked 'clone' (every action refused), with the image's
 *   "template" hardware: 1 core, 1 GiB (4 GiB for Windows), the image's minimum disk, SeaBIOS
 *   (OVMF for Windows). A `qmclone` task ends after the task time; ok unlocks the VM (STOPPED),
 *   failure removes it. Failure injection: the VM's node (failNextTaskOnNode) or failAllTasks.
 * - finishCreate: cores, memory, firmware and the first-boot data at once (as Proxmox's
 *   synchronous config write); the password kept only as a salted scrypt hash. A `resize` task
 *   grows the disk when it is smaller than asked.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { checkCreateSpec, firstUserOf, ipconfigOf, pickNode } from './create-spec.js';
import { HypervisorError, type CreateStarted, type CreateVmSpec } from './hypervisor.js';
import * as sim from './simulator.repository.js';
import type { SimTaskType, SimVmRow } from './simulator.repository.js';

/** A simulated VM's first-boot data, as cloud-init would get it. */
export interface SimCloudInit {
  /** The guest's hostname: the VM's name. */
  hostname: string;
  /** The system image the VM was made from, null for a VM set up by hand. */
  image: string | null;
  /** The first user (root, Administrator), null before finishCreate. */
  user: string | null;
  sshKeys: string[];
  /** 'scrypt$<salt>$<hash>' of the password, or null when none was given. */
  passwordHash: string | null;
  /** The first NIC's setting as Proxmox's ipconfig0 says it; null before finishCreate. */
  ipconfig: string | null;
}

/** What the provisioning part uses of the simulator's core (simulator.ts). */
export interface SimCore {
  /** Runs `fn` in a transaction after settling the tasks that are due. */
  inTx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
  /** The VM's row; NOT_FOUND when there is none. */
  vmRow(c: pg.PoolClient, vmid: number, forUpdate?: boolean): Promise<SimVmRow>;
  /**
   * Starts a task on `vm` (a node's own task when its vmid is null) and answers its UPID; `upidId`
   * overrides the UPID's id, `lengthFactor` multiplies the task time (default 1).
   */
  startTask(
    c: pg.PoolClient,
    vm: Pick<SimVmRow, 'node' | 'fail_next'> & { vmid: number | null },
    type: SimTaskType,
    params?: Record<string, unknown>,
    upidId?: string,
    lengthFactor?: number,
  ): Promise<string>;
  /** The nodes of this simulated cluster, or null for all. */
  nodes: readonly string[] | null;
  /** The simulator's clock. */
  now(): Date;
}

const SCRYPT_KEY_BYTES = 32;

function scrypt(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, SCRYPT_KEY_BYTES, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

/** A salted scrypt hash of a password: 'scrypt$<salt>$<hash>' (base64url). */
export async function hashSimPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await scrypt(password, salt)).toString('base64url')}`;
}

/** Whether `password` is the one `hash` was made of. */
export async function checkSimPassword(hash: string, password: string): Promise<boolean> {
  const m = /^scrypt\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return false;
  const want = Buffer.from(m[2]!, 'base64url');
  const got = await scrypt(password, Buffer.from(m[1]!, 'base64url'));
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** The next id of the sequence that no VM holds (VMs set up by hand may hold any id). */
async function freeVmid(c: pg.PoolClient): Promise<number> {
  for (;;) {
    const { id, taken } = await sim.nextSequenceVmid(c);
    if (!taken) return id;
  }
}

/** The driver methods that create VMs. */
export function simulatorProvisioning(core: SimCore) {
  /** A re-run's answer for a VM that holds the vmid already. */
  async function existing(c: pg.PoolClient, vm: SimVmRow, spec: CreateVmSpec): Promise<CreateStarted> {
    if (vm.name !== spec.name) throw new HypervisorError('BAD_PARAMETER', `VM ${vm.vmid} already exists on node '${vm.node}'`);
    const taskId = vm.pve_lock === 'clone' ? await sim.runningCloneTask(c, vm.vmid) : null;
    return { vmid: vm.vmid, node: vm.node, taskId };
  }

  return {
    async nextVmid(): Promise<number> {
      return core.inTx((c) => freeVmid(c));
    },

    async create(spec: CreateVmSpec): Promise<CreateStarted> {
      const image = checkCreateSpec(spec);
      return core.inTx(async (c) => {
        if (spec.vmid !== undefined) {
          const held = await sim.findVm(c, spec.vmid, true);
          if (held) return existing(c, held, spec);
        }
        const nodes = await sim.listNodes(c, core.nodes);
        const count = await sim.vmCountsByNode(c);
        const node = pickNode(nodes, (n) => count.get(n) ?? 0, spec.node);
        const vmid = spec.vmid ?? (await freeVmid(c));
        const windows = image.osFamily === 'windows';
        const vm = await sim.insertCloningVm(c, {
          vmid,
          node,
          name: spec.name,
          memory_mb: windows ? 4096 : 1024,
          disk_gb: image.minDiskGb,
          bios: windows ? 'ovmf' : 'seabios',
          image: image.id,
        });
        // Another run made this vmid meanwhile (it waited for that one to commit).
        if (!vm) return existing(c, await core.vmRow(c, vmid, true), spec);
        return { vmid, node, taskId: await core.startTask(c, vm, 'qmclone') };
      });
    },

    async finishCreate(vmid: number, spec: CreateVmSpec): Promise<string | null> {
      const image = checkCreateSpec(spec);
      const passwordHash = spec.rootPassword === undefined ? null : await hashSimPassword(spec.rootPassword);
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        if (vm.name !== spec.name) throw new HypervisorError('BAD_PARAMETER', `VM ${vmid} is not named '${spec.name}'`);
        if (vm.pve_lock) throw new HypervisorError('LOCKED', `VM is locked (${vm.pve_lock})`);
        if (spec.diskGb < vm.disk_gb) throw new HypervisorError('BAD_PARAMETER', 'shrinking disks is not supported');
        await sim.writeVmSetup(c, vmid, {
          cores: spec.cores,
          memoryMb: spec.memoryMb,
          bios: spec.bios ?? null,
          user: firstUserOf(image),
          sshKeys: spec.sshKeys.map((k) => k.trim()),
          passwordHash,
          ipconfig: ipconfigOf(spec),
        });
        return spec.diskGb > vm.disk_gb ? core.startTask(c, vm, 'resize', { diskGb: spec.diskGb }) : null;
      });
    },
  };
}
