import { describe, expect, it } from 'vitest';
import { addressShown, deleteBlock, hasContactProblem, isBusy, lockStateOf, powerBlock, powerStateOf } from './vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';
import { BUSY_REFETCH_MS, liveRefetchInterval } from './live-refresh';

function vm(over: Partial<VmRow> = {}): VmRow {
  return {
    provisioned_id: 1,
    name: 'web',
    hostname: 'web',
    vmid: 100,
    node: 'n1',
    cluster: 'c1',
    location: 'lis',
    location_name: 'Lisbon',
    project: null,
    project_name: null,
    model_name: 'S2R4',
    core_type: 'vcore',
    cores: 2,
    ram_gb: 4,
    disk_gb: 40,
    ip: null,
    ipv6: null,
    mac: null,
    locked: 'off',
    power_status: 'RUNNING',
    state: 'active',
    active_status: 'OK',
    last_seen: null,
    bios: 'seabios',
    tpm: false,
    boot_order: 'dcn',
    image: 'debian-12',
    model_id: 1,
    backups_enabled: false,
    iso_id: null,
    iso_name: null,
    created_at: '2024-01-01T00:00:00.000Z',
    age_days: 1,
    operation: null,
    resize_to_gb: null,
    firewall_block_others: false,
    firewall_revision: 0,
    firewall_applied_revision: 0,
    cost_breakdown: null,
    ...over,
  };
}

describe('vm rules', () => {
  it('reads the power state upper-cased and keeps post when the stage says so', () => {
    expect(powerStateOf({ power_status: 'running' })).toBe('RUNNING');
    expect(powerStateOf({ power_status: 'start' }, 'post-check')).toBe('POST-START');
    expect(powerStateOf({ power_status: null })).toBe('UNKNOWN');
  });

  it('reads an odd lock value as unknown', () => {
    expect(lockStateOf({ locked: 'ON' })).toBe('on');
    expect(lockStateOf({ locked: 'maybe' })).toBe('unknown');
  });

  it('refuses stop, reboot, reset and power cycle on a locked server but lets it start', () => {
    const locked = vm({ locked: 'on', power_status: 'RUNNING' });
    for (const a of ['stop', 'reboot', 'reset', 'power-cycle'] as const) expect(powerBlock(locked, a)).toBe('locked');
    expect(powerBlock(vm({ locked: 'on', power_status: 'STOPPED' }), 'start')).toBeNull();
    expect(powerBlock(vm({ locked: 'unknown' }), 'stop')).toBe('locked');
  });

  it('offers start only when stopped and the others only when running', () => {
    expect(powerBlock(vm(), 'start')).toBe('state');
    expect(powerBlock(vm({ power_status: 'STOPPED' }), 'start')).toBeNull();
    expect(powerBlock(vm({ power_status: 'STOPPED' }), 'stop')).toBe('state');
    expect(powerBlock(vm(), 'reboot')).toBeNull();
    expect(powerBlock(vm({ power_status: 'UNKNOWN' }), 'reboot')).toBe('state');
  });

  it('holds every action while an operation runs or the server is pending deletion', () => {
    expect(isBusy(vm({ operation: 'start' }))).toBe(true);
    expect(isBusy(vm({ power_status: 'PRE-STOP' }))).toBe(true);
    expect(powerBlock(vm({ operation: 'reboot' }), 'reset')).toBe('in_progress');
    expect(powerBlock(vm({ state: 'pending-delete' }), 'start')).toBe('pending_delete');
  });

  it('holds every action while the server is being created, and reads the list again every 2 s meanwhile', () => {
    const creating = vm({ state: 'creating', power_status: 'UNKNOWN', locked: 'on' });
    expect(powerBlock(creating, 'start')).toBe('creating');
    expect(deleteBlock(creating)).toBe('creating');
    expect(liveRefetchInterval([vm(), creating])).toBe(BUSY_REFETCH_MS);
    expect(liveRefetchInterval([vm()])).toBe(false);
  });

  it('holds every action while the contact with the server is lost', () => {
    const lost = vm({ active_status: 'LOST', power_status: 'STOPPED' });
    expect(powerBlock(lost, 'start')).toBe('contact_lost');
    expect(deleteBlock(lost)).toBe('contact_lost');
    expect(powerBlock(vm({ active_status: 'DEAD', power_status: 'STOPPED' }), 'start')).toBeNull();
  });

  it('allows delete only when turned off and unlocked', () => {
    expect(deleteBlock(vm())).toBe('not_off_unlocked');
    expect(deleteBlock(vm({ power_status: 'STOPPED', locked: 'on' }))).toBe('not_off_unlocked');
    expect(deleteBlock(vm({ power_status: 'STOPPED' }))).toBeNull();
  });

  it('sees a contact problem in every activity status but OK', () => {
    expect(hasContactProblem(vm())).toBe(false);
    expect(hasContactProblem(vm({ active_status: 'WARNING' }))).toBe(true);
    expect(hasContactProblem(vm({ active_status: 'LOST' }))).toBe(true);
  });
});

describe('address cells', () => {
  it('show the address, "assigning" while a server being created has none, and nothing otherwise', () => {
    expect(addressShown(vm({ state: 'active' }), '185.66.10.2', 'assigning')).toBe('185.66.10.2');
    expect(addressShown(vm({ state: 'creating' }), null, 'assigning')).toBe('assigning');
    expect(addressShown(vm({ state: 'creating' }), '2a0e:1d80:10::2', 'assigning')).toBe('2a0e:1d80:10::2');
    expect(addressShown(vm({ state: 'active' }), null, 'assigning')).toBeNull();
  });
});
