/**
 * Which actions a cloud server's state allows (spec 1 §4 'Server power state', 'Lock'): the one
 * rule the server applies before it records an action and the web applies to open or close its
 * buttons. Nothing runs while the server is pending deletion, being created, out of contact or
 * busy; turn off, reboot, reset and power cycle need it unlocked and running; start needs it
 * stopped; delete needs it turned off and unlocked; lock, unlock and rename only the common rules.
 */
import type { VmAction } from '../schemas/vms';
import { normalizeServerState, type ServerState } from './server-state';

/** The power actions, in the order the web shows them. */
export const POWER_ACTIONS = ['start', 'stop', 'reboot', 'reset', 'power-cycle'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** Power actions that need the server unlocked (spec 1 §4 Lock) and running. */
export const UNLOCK_REQUIRED: readonly PowerAction[] = ['stop', 'reboot', 'reset', 'power-cycle'];

/**
 * Data actions that overwrite or copy the server and so need it unlocked (spec 1 §4 Lock: 'Rebuild,
 * resize, clone and backup operations need it unlocked'; issue 13: restore, clone, rollback).
 */
export const UNLOCK_REQUIRED_DATA: readonly VmAction[] = [
  'backup-restore',
  'backup-restore-clone',
  'snapshot-rollback',
  // Issue 14: rebuild, resize and the upgrade (which reboots the server to apply).
  'rebuild',
  'resize',
  'upgrade',
];

/** Actions that change the firmware or its TPM: only while the server is stopped (issue 14). */
export const STOPPED_REQUIRED: readonly VmAction[] = ['bios', 'tpm-add', 'tpm-remove'];

/** Actions done by the guest agent of the running system (issue 14: the root password). */
export const RUNNING_REQUIRED: readonly VmAction[] = ['root-password'];

/** Why an action is not open; the web shows the servers namespace's `blocked.<reason>` text. */
export const VM_ACTION_BLOCKS = [
  'pending_delete',
  'creating',
  'contact_lost',
  'in_progress',
  'locked',
  'not_off_unlocked',
  'state',
  'must_stop',
  'must_run',
] as const;
export type VmActionBlock = (typeof VM_ACTION_BLOCKS)[number];

/** The lock as on, off or unknown. */
export type LockState = 'on' | 'off' | 'unknown';

/** What the rule reads of a server: the fields of a MyVMs2 row (or the server's own record). */
export interface VmActionSubject {
  state: string | null;
  power_status: string | null;
  locked: string | null;
  active_status: string | null;
}

/**
 * Whether an operation is known to run on the server. The web knows it from the row's operation
 * and the PRE- power states of live messages; the server leaves it out, because the operations
 * table (one open operation per server) refuses the second action when it is recorded.
 */
export interface VmActionOptions {
  busy?: boolean;
}

/** The power state shown for a server (power_status upper-cased, PRE-/POST- kept). */
export function powerStateOf(vm: Pick<VmActionSubject, 'power_status'>, stage?: string | null): ServerState {
  return normalizeServerState({ power_status: vm.power_status, stage: stage ?? null });
}

/** The lock as on, off or unknown (anything else than on/off is unknown). */
export function lockStateOf(vm: Pick<VmActionSubject, 'locked'>): LockState {
  const v = typeof vm.locked === 'string' ? vm.locked.trim().toLowerCase() : '';
  return v === 'on' || v === 'off' ? v : 'unknown';
}

/** Whether the contact with the server is lost (activity LOST): every action is then refused. */
export function isContactLost(vm: Pick<VmActionSubject, 'active_status'>): boolean {
  return (vm.active_status ?? '').trim().toUpperCase() === 'LOST';
}

/** Why `action` may not run on the server now, or null when it may; the checks go in this order. */
export function vmActionBlock(vm: VmActionSubject, action: VmAction, options: VmActionOptions = {}): VmActionBlock | null {
  if (vm.state === 'pending-delete') return 'pending_delete';
  if (vm.state === 'creating') return 'creating';
  if (isContactLost(vm)) return 'contact_lost';
  if (options.busy) return 'in_progress';
  const power = powerStateOf(vm);
  if (action === 'delete') return power === 'STOPPED' && lockStateOf(vm) === 'off' ? null : 'not_off_unlocked';
  if (action === 'start') return power === 'STOPPED' ? null : 'state';
  if (UNLOCK_REQUIRED_DATA.includes(action)) return lockStateOf(vm) === 'off' ? null : 'locked';
  if (STOPPED_REQUIRED.includes(action)) return power === 'STOPPED' ? null : 'must_stop';
  if (RUNNING_REQUIRED.includes(action)) return power === 'RUNNING' ? null : 'must_run';
  if ((UNLOCK_REQUIRED as readonly string[]).includes(action)) {
    if (lockStateOf(vm) !== 'off') return 'locked';
    return power === 'RUNNING' ? null : 'state';
  }
  return null;
}
