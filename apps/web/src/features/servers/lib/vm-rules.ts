/**
 * What may be done with a VM (spec 1 §4 'Server power state', 'Lock'): the power state shown,
 * the lock, and which actions are open. Turn off, reset, reboot and power cycle need the server
 * unlocked; delete needs it turned off and unlocked; nothing runs while an operation is in
 * progress or the server is pending deletion.
 */
import { normalizeServerState, type ServerState } from '@portside/contract/rules/server-state';
import type { VmRow } from './vm-types';

export const POWER_ACTIONS = ['start', 'stop', 'reboot', 'reset', 'power-cycle'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** Power actions that ask for confirmation first (the 'reboot server' modal and its kin). */
export const CONFIRMED_ACTIONS: readonly PowerAction[] = ['stop', 'reboot', 'reset', 'power-cycle'];

/** Power actions that need the server unlocked. */
export const UNLOCK_REQUIRED: readonly PowerAction[] = ['stop', 'reboot', 'reset', 'power-cycle'];

export type LockState = 'on' | 'off' | 'unknown';

/** Why an action is not open: a key of the servers namespace's `blocked` texts. */
export type BlockReason =
  'creating' | 'pending_delete' | 'contact_lost' | 'in_progress' | 'locked' | 'not_off_unlocked' | 'state';

/** The power state shown for a VM (power_status upper-cased, PRE-/POST- kept). */
export function powerStateOf(vm: Pick<VmRow, 'power_status'>, stage?: string | null): ServerState {
  return normalizeServerState({ power_status: vm.power_status, stage: stage ?? null });
}

/** The lock as on, off or unknown (anything else than on/off is unknown). */
export function lockStateOf(vm: Pick<VmRow, 'locked'>): LockState {
  const v = typeof vm.locked === 'string' ? vm.locked.trim().toLowerCase() : '';
  return v === 'on' || v === 'off' ? v : 'unknown';
}

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
  return (vm.operation != null && vm.operation !== '') || s === 'PRE-START' || s === 'PRE-STOP';
}

/** Whether the activity status says the contact is not as it should be (anything but OK). */
export function hasContactProblem(vm: Pick<VmRow, 'active_status'>): boolean {
  return (vm.active_status ?? '').trim().toUpperCase() !== 'OK';
}

/** Whether the contact with the server is lost (activity LOST): the server then refuses every action. */
export function isContactLost(vm: Pick<VmRow, 'active_status'>): boolean {
  return (vm.active_status ?? '').trim().toUpperCase() === 'LOST';
}

/** What closes every action, in the server's order: a pending deletion, creation, lost contact, a running operation. */
function commonBlock(vm: VmRow): BlockReason | null {
  if (isPendingDelete(vm)) return 'pending_delete';
  if (isCreating(vm)) return 'creating';
  if (isContactLost(vm)) return 'contact_lost';
  return isBusy(vm) ? 'in_progress' : null;
}

/** Why a power action is not open, or null when it is. */
export function powerBlock(vm: VmRow, action: PowerAction): BlockReason | null {
  const common = commonBlock(vm);
  if (common) return common;
  if (UNLOCK_REQUIRED.includes(action) && lockStateOf(vm) !== 'off') return 'locked';
  // As the server checks: start needs the server stopped, the others need it running.
  const s = powerStateOf(vm);
  return s === (action === 'start' ? 'STOPPED' : 'RUNNING') ? null : 'state';
}

/** Why the lock cannot be toggled now, or null. */
export function lockBlock(vm: VmRow): BlockReason | null {
  return commonBlock(vm);
}

/** Why the VM cannot be renamed now, or null. */
export function renameBlock(vm: VmRow): BlockReason | null {
  return lockBlock(vm);
}

/** Why the VM cannot be deleted now, or null: it must be turned off and unlocked. */
export function deleteBlock(vm: VmRow): BlockReason | null {
  const common = commonBlock(vm);
  if (common) return common;
  const s = powerStateOf(vm);
  return s === 'STOPPED' && lockStateOf(vm) === 'off' ? null : 'not_off_unlocked';
}
