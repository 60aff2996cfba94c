import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VM_ACTIONS, type VmAction } from '../schemas/vms';
import { SERVER_STATES } from './server-state';
import {
  lockStateOf,
  POWER_ACTIONS,
  UNLOCK_REQUIRED,
  UNLOCK_REQUIRED_DATA,
  vmActionBlock,
  type VmActionSubject,
} from './vm-actions';

const running: VmActionSubject = { state: 'active', power_status: 'RUNNING', locked: 'off', active_status: 'OK' };
const stopped: VmActionSubject = { ...running, power_status: 'STOPPED' };

const subject = fc.record({
  state: fc.constantFrom('active', 'creating', 'pending-delete', null),
  power_status: fc.constantFrom(...SERVER_STATES, 'running', 'pre_start', null),
  locked: fc.constantFrom('on', 'off', 'unknown', ' OFF ', null),
  active_status: fc.constantFrom('OK', 'WARNING', 'CRITICAL', 'DEAD', 'LOST', 'lost', null),
});
const action = fc.constantFrom(...VM_ACTIONS);

describe('vmActionBlock', () => {
  it('lets a running, unlocked server in contact stop, reboot, reset and power-cycle, and not start or be deleted', () => {
    for (const a of UNLOCK_REQUIRED) expect(vmActionBlock(running, a), a).toBeNull();
    expect(vmActionBlock(running, 'start')).toBe('state');
    expect(vmActionBlock(running, 'delete')).toBe('not_off_unlocked');
  });

  it('lets a stopped, unlocked server start and be deleted, and refuses the actions that need it running', () => {
    expect(vmActionBlock(stopped, 'start')).toBeNull();
    expect(vmActionBlock(stopped, 'delete')).toBeNull();
    for (const a of UNLOCK_REQUIRED) expect(vmActionBlock(stopped, a), a).toBe('state');
  });

  it('refuses the unlock-only actions and delete on a locked server, but not start, lock, unlock or rename', () => {
    const locked = { ...running, locked: 'on' };
    for (const a of UNLOCK_REQUIRED) expect(vmActionBlock(locked, a), a).toBe('locked');
    expect(vmActionBlock({ ...stopped, locked: 'on' }, 'start')).toBeNull();
    expect(vmActionBlock({ ...stopped, locked: 'unknown' }, 'delete')).toBe('not_off_unlocked');
    for (const a of ['lock', 'unlock', 'rename'] as const) expect(vmActionBlock(locked, a), a).toBeNull();
  });

  it('needs the server unlocked, in any power state, to restore a backup, restore it to a new server or roll back a snapshot', () => {
    for (const a of UNLOCK_REQUIRED_DATA) {
      expect(vmActionBlock(running, a), a).toBeNull();
      expect(vmActionBlock(stopped, a), a).toBeNull();
      expect(vmActionBlock({ ...running, locked: 'on' }, a), a).toBe('locked');
      expect(vmActionBlock({ ...stopped, locked: 'unknown' }, a), a).toBe('locked');
    }
    for (const a of ['backup-now', 'backup-enable', 'snapshot-create', 'iso-attach'] as const)
      expect(vmActionBlock({ ...running, locked: 'on' }, a), a).toBeNull();
  });

  it('puts pending deletion before creation, creation before lost contact, lost contact before a running operation', () => {
    const all = { state: 'pending-delete', power_status: 'RUNNING', locked: 'on', active_status: 'LOST' };
    expect(vmActionBlock(all, 'start', { busy: true })).toBe('pending_delete');
    expect(vmActionBlock({ ...all, state: 'creating' }, 'start', { busy: true })).toBe('creating');
    expect(vmActionBlock({ ...all, state: 'active' }, 'start', { busy: true })).toBe('contact_lost');
    expect(vmActionBlock({ ...all, state: 'active', active_status: 'OK' }, 'start', { busy: true })).toBe('in_progress');
  });

  it('refuses every action, whatever else holds, while the server is pending deletion, created, out of contact or busy', () => {
    fc.assert(
      fc.property(subject, action, fc.boolean(), (vm, a, busy) => {
        const block = vmActionBlock(vm, a, { busy });
        const common =
          vm.state === 'pending-delete' || vm.state === 'creating' || vm.active_status?.toUpperCase() === 'LOST' || busy;
        if (common) expect(['pending_delete', 'creating', 'contact_lost', 'in_progress']).toContain(block);
        else expect(['pending_delete', 'creating', 'contact_lost', 'in_progress']).not.toContain(block);
      }),
    );
  });

  it('never opens a power action that needs the lock off on a server whose lock is not off', () => {
    fc.assert(
      fc.property(subject, fc.constantFrom(...UNLOCK_REQUIRED, 'delete' as VmAction), (vm, a) => {
        if (lockStateOf(vm) !== 'off') expect(vmActionBlock(vm, a)).not.toBeNull();
      }),
    );
  });

  it('opens at most one of start and stop for any server', () => {
    fc.assert(
      fc.property(subject, (vm) => {
        const open = POWER_ACTIONS.filter((a) => a === 'start' || a === 'stop').filter((a) => vmActionBlock(vm, a) === null);
        expect(open.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
