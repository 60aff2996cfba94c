/**
 * Files and programs inside the simulator's guests (issue 17; see {@link HypervisorGuestDriver}),
 * as through Proxmox's guest agent: the VM must be running and its agent answering (it does once
 * the VM has run for `agentDelayMs`, like setUserPassword), else INVALID_STATE with Proxmox's
 * words. A file is written with its mode at once; a program runs at once in the guest of the VM's
 * current boot (guest-programs.ts: wg, wg-quick, systemctl, chmod, cat). The guest goes with the VM:
 * destroying it (or a rebuild) erases its files. The state lives in sim_guest_files and
 * sim_guest_state (simulator-guest.repository.ts).
 */
import type pg from 'pg';
import { checkArgv, checkGuestFile } from './guest-rules.js';
import { runGuestProgram } from './guest-programs.js';
import { HypervisorError, type HypervisorGuestDriver } from './hypervisor.js';
import type { SimLifecycleCore } from './simulator-lifecycle.js';
import * as guest from './simulator-guest.repository.js';
import type { SimVmRow } from './simulator.repository.js';

/** The guest part of the simulator, plus reading a guest's file back (tests, the demo). */
export interface SimulatorGuest extends HypervisorGuestDriver {
  guestFile(vmid: number, path: string): Promise<{ content: string; mode: number } | null>;
}

export function simulatorGuest(core: SimLifecycleCore): SimulatorGuest {
  /** The VM, locked, once its guest agent answers. */
  async function agentReady(c: pg.PoolClient, vmid: number): Promise<SimVmRow & { started_at: Date }> {
    const vm = await core.vmRow(c, vmid, true);
    if (vm.power !== 'RUNNING' || !vm.started_at) throw new HypervisorError('INVALID_STATE', `VM ${vmid} is not running`);
    if (core.now().getTime() - vm.started_at.getTime() < core.agentDelayMs())
      throw new HypervisorError('INVALID_STATE', 'QEMU guest agent is not running');
    return vm as SimVmRow & { started_at: Date };
  }

  return {
    async writeGuestFile(vmid, path, content, mode) {
      checkGuestFile(path, content, mode);
      await core.inTx(async (c) => {
        await agentReady(c, vmid);
        await guest.writeFile(c, vmid, path, content, mode);
      });
    },

    async guestExec(vmid, argv, input = '') {
      checkArgv(argv);
      return core.inTx(async (c) => {
        const vm = await agentReady(c, vmid);
        const sys = await guest.loadGuest(c, vmid);
        const modes = Object.fromEntries(Object.entries(sys.files).map(([p, f]) => [p, f.mode]));
        const result = runGuestProgram(sys, vm.started_at.toISOString(), [...argv], input);
        await guest.saveGuest(c, vmid, modes, sys);
        return result;
      });
    },

    async guestFile(vmid, path) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        return guest.readFile(c, vmid, path);
      });
    },
  };
}
