/**
 * What may be done with a VM (spec 1 §4 'Server power state', 'Lock'), as the web shows it: the
 * contract's one rule (rules/vm-actions, which the server applies too), told whether an operation
 * runs — the row's operation, or a PRE- power state a live message has already shown.
 */
import {
  isContactLost,
  lockStateOf,
  POWER_ACTIONS,
  powerStateOf,
  vmActionBlock,
  type LockState,
  type PowerAction,
  type VmActionBlock,
} from '@portside/contract/rules/vm-actions';
import type { VmRow } from '@portside/contract/schemas/vms';

export { isContactLost, lockStateOf, POWER_ACTIONS, powerStateOf, type LockState, type PowerAction };

/** Power actions that ask for confirmation first (the 'reboot server' modal and its kin). */
export const CONFIRMED_ACTIONS: readonly PowerAction[] = ['stop', 'reboot', 'reset', 'power-cycle'];

/** Why an action is not open: a key of the servers namespace's `blocked` texts. */
export type BlockReason = VmActionBlock;

/** The fields of a MyVMs2 row the rules read. */
type VmState = Pick<VmRow, 'state' | 'power_status' | 'locked' | 'active_status' | 'operation'>;

/** Whether the VM is still being created (ordered, not ready yet). */
export function isCreating(vm: Pick<VmRow, 'state'>): boolean {
  return vm.state === 'creating';
}

/** Whether the VM is waiting to be deleted. */
export function isPendingDelete(vm: Pick<VmRow, 'state'>): boolean {
  return vm.state === 'pending-delete';
}

/** Whether an operation runs on the VM (its `operation` is set or the power state is a PRE- one). */
export function isBusy(vm: Pick<VmRow, 'operation' | 'power_status'>): boolean {
  const s = powerStateOf(vm);
  return vm.operation != null || s === 'PRE-START' || s === 'PRE-STOP';
}

/** Whether the activity status says the contact is not as it should be (anything but OK). */
export function hasContactProblem(vm: Pick<VmRow, 'active_status'>): boolean {
  return vm.active_status.trim().toUpperCase() !== 'OK';
}

/** Why a power action is not open, or null when it is. */
export function powerBlock(vm: VmState, action: PowerAction): BlockReason | null {
  return vmActionBlock(vm, action, { busy: isBusy(vm) });
}

/** Why the lock cannot be toggled now, or null. */
export function lockBlock(vm: VmState): BlockReason | null {
  return vmActionBlock(vm, lockStateOf(vm) === 'on' ? 'unlock' : 'lock', { busy: isBusy(vm) });
}

/** Why the VM cannot be renamed now, or null. */
export function renameBlock(vm: VmState): BlockReason | null {
  return vmActionBlock(vm, 'rename', { busy: isBusy(vm) });
}

/** Why the VM cannot be deleted now, or null: it must be turned off and unlocked. */
export function deleteBlock(vm: VmState): BlockReason | null {
  return vmActionBlock(vm, 'delete', { busy: isBusy(vm) });
}

/**
 * What a server's address cell shows: the address; 'assigning' while a server being created has
 * none yet (provisioning takes it from the location's pool); null for none ('—').
 */
export function addressShown(vm: Pick<VmRow, 'state'>, address: string | null, assigning: string): string | null {
  return address || (isCreating(vm) ? assigning : null);
}
