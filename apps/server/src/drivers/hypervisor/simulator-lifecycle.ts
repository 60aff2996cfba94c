/**
 * The simulator's lifecycle methods (issue 14): boot order, firmware and TPM, the guest agent's
 * password, hardware, disk growth, full clones and the NIC's addresses.
 * SKELETON: filled in by the drivers work of issue 14; every method refuses until then.
 */
import { HypervisorError, type HypervisorLifecycleDriver } from './hypervisor.js';
import type { SimCore } from './simulator-create.js';

export function simulatorLifecycle(_core: SimCore): HypervisorLifecycleDriver {
  const todo = (): never => {
    throw new HypervisorError('BAD_PARAMETER', 'not supported by this simulator yet');
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
