import { describe, expect, it } from 'vitest';
import { DEDICATED_POWER_ACTION_NAMES } from '@portside/contract/schemas/dedicated';
import { BUSY_REFETCH_MS, busyRefetchInterval, isDestructive, jobInFlight, offeredActions } from './power';

const ALL = DEDICATED_POWER_ACTION_NAMES;

describe('offeredActions', () => {
  it('offers a running server everything it advertises but switching on', () => {
    expect(offeredActions({ power_actions: ALL, power_state: 'On' })).toEqual(ALL.filter((a) => a !== 'on'));
  });

  it('offers a server that is off only switching on and a power cycle', () => {
    expect(offeredActions({ power_actions: ALL, power_state: 'Off' })).toEqual(['on', 'power-cycle']);
  });

  it('never offers what the BMC does not advertise', () => {
    expect(offeredActions({ power_actions: ['on', 'force-off'], power_state: 'On' })).toEqual(['force-off']);
    expect(offeredActions({ power_actions: [], power_state: 'Unknown' })).toEqual([]);
  });

  it('offers only forcing off while the state is changing', () => {
    for (const state of ['PoweringOn', 'PoweringOff'] as const) {
      expect(offeredActions({ power_actions: ALL, power_state: state })).toEqual(['force-off']);
    }
  });

  it('leaves every advertised function while the state is unknown or paused', () => {
    for (const state of ['Unknown', 'Paused'] as const) {
      expect(offeredActions({ power_actions: ALL, power_state: state })).toEqual(ALL);
    }
  });
});

describe('isDestructive', () => {
  it('asks first for everything but switching on', () => {
    expect(ALL.filter(isDestructive)).toEqual(ALL.filter((a) => a !== 'on'));
  });
});

describe('busyRefetchInterval', () => {
  const job = (status: 'queued' | 'running' | 'failed') => ({ action: 'power-cycle', status, error: null });

  it('reads again every 2 s while a state changes or a function is queued or running', () => {
    expect(busyRefetchInterval([{ power_state: 'On' }, { power_state: 'PoweringOff' }])).toBe(BUSY_REFETCH_MS);
    expect(busyRefetchInterval([{ power_state: 'PoweringOn' }])).toBe(BUSY_REFETCH_MS);
    expect(busyRefetchInterval([{ power_state: 'On', power_job: job('queued') }])).toBe(BUSY_REFETCH_MS);
    expect(busyRefetchInterval([{ power_state: 'On', power_job: job('running') }])).toBe(BUSY_REFETCH_MS);
  });

  it('does not poll settled servers, a failed function or nothing at all', () => {
    expect(busyRefetchInterval([{ power_state: 'On' }, { power_state: 'Off', power_job: null }])).toBe(false);
    expect(busyRefetchInterval([{ power_state: 'On', power_job: job('failed') }])).toBe(false);
    expect(busyRefetchInterval(undefined)).toBe(false);
    expect(jobInFlight(null)).toBe(false);
  });
});
