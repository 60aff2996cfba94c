/**
 * The Proxmox VE driver's lifecycle methods (issue 14): `boot`, `bios` and `efidisk0`,
 * `tpmstate0`, `agent/set-user-password`, cores and memory, `resize`, `clone` and `ipconfig0`.
 * SKELETON: filled in by the drivers work of issue 14; every method refuses until then.
 */
import { HypervisorError, type HypervisorLifecycleDriver } from './hypervisor.js';
import type { PveDataCore } from './proxmox-data.js';

export function proxmoxLifecycle(_core: PveDataCore): HypervisorLifecycleDriver {
  const todo = (): never => {
    throw new HypervisorError('BAD_PARAMETER', 'not supported by this driver yet');
  };
  return {
    setBootOrder: async () => todo(),
    setBios: async () => todo(),
    setTpm: async () => todo(),
    setUserPassword: async () => todo(),
    setHardware: async () => todo(),
    growDisk: async () => todo(),
    cloneVm: async () => todo(),
    setNetwork: async () => todo(),
  };
}
