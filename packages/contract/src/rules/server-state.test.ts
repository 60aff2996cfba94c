import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIVITY_LOST_AFTER_MIN,
  DEFAULT_BOOT_ORDER,
  LOST_CONTACT_MESSAGE,
  SERVER_STATES,
  acceptBootOrder,
  activityLevel,
  isContactLost,
  isHealthy,
  isIsoMountOk,
  isOn,
  normalizeServerState,
  parseJoined,
  snapshotNameFromMessage,
} from './server-state';

describe('normalizeServerState', () => {
  it('upper-cases state', () => {
    expect(normalizeServerState({ state: 'running' })).toBe('RUNNING');
    expect(normalizeServerState({ state: 'Stopped' })).toBe('STOPPED');
  });
  it('falls back to power_status', () => {
    expect(normalizeServerState({ state: null, power_status: 'running' })).toBe('RUNNING');
    expect(normalizeServerState({ state: '', power_status: 'stopped' })).toBe('STOPPED');
    expect(normalizeServerState({ state: 'weird', power_status: 'running' })).toBe('RUNNING');
  });
  it('gives UNKNOWN for empty and unknown values', () => {
    expect(normalizeServerState({})).toBe('UNKNOWN');
    expect(normalizeServerState({ state: 'paused' })).toBe('UNKNOWN');
    expect(normalizeServerState({ state: '  ', power_status: null })).toBe('UNKNOWN');
  });
  it('keeps the prefixed states', () => {
    for (const s of SERVER_STATES) expect(normalizeServerState({ state: s.toLowerCase() })).toBe(s);
    expect(normalizeServerState({ state: 'post_stop' })).toBe('POST-STOP');
  });
  it('uses the post wording when the stage contains post', () => {
    expect(normalizeServerState({ state: 'start', stage: 'post' })).toBe('POST-START');
    expect(normalizeServerState({ state: 'stop', stage: 'POST-execution' })).toBe('POST-STOP');
    expect(normalizeServerState({ state: 'PRE-START', stage: 'post' })).toBe('POST-START');
  });
  it('words a bare command as pending', () => {
    expect(normalizeServerState({ state: 'start' })).toBe('PRE-START');
    expect(normalizeServerState({ state: 'stop', stage: 'pre' })).toBe('PRE-STOP');
  });
  it('never changes RUNNING or STOPPED by the stage', () => {
    expect(normalizeServerState({ state: 'running', stage: 'post' })).toBe('RUNNING');
  });
  it('always gives one of the seven states', () => {
    const text = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(text, text, text, (state, power_status, stage) =>
        SERVER_STATES.includes(normalizeServerState({ state, power_status, stage })),
      ),
    );
  });
});

describe('activityLevel', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  it.each([
    [0, 'OK'],
    [0.99, 'OK'],
    [1, 'WARNING'],
    [4.9, 'WARNING'],
    [5, 'CRITICAL'],
    [9.9, 'CRITICAL'],
    [10, 'DEAD'],
    [59.9, 'DEAD'],
    [60, 'LOST'],
    [10_000, 'LOST'],
    [-5, 'OK'],
  ])('%s minutes ago is %s', (min, level) => {
    expect(activityLevel(ago(min), now)).toBe(level);
  });
  it('calls an invalid date LOST', () => {
    expect(activityLevel(new Date('nope'), now)).toBe('LOST');
  });
  it('never improves as time passes', () => {
    const order = ['OK', 'WARNING', 'CRITICAL', 'DEAD', 'LOST'];
    fc.assert(
      fc.property(fc.nat(200 * 60_000), fc.nat(200 * 60_000), (a, b) => {
        const [early, late] = a < b ? [a, b] : [b, a];
        const seen = new Date(0);
        return order.indexOf(activityLevel(seen, new Date(early))) <= order.indexOf(activityLevel(seen, new Date(late)));
      }),
    );
  });
  it('documents LOST at 60 minutes', () => {
    expect(ACTIVITY_LOST_AFTER_MIN).toBe(60);
  });
});

describe('health and contact', () => {
  it('is healthy only when prox_sync_success is true', () => {
    expect(isHealthy({ prox_sync_success: true })).toBe(true);
    expect(isHealthy({ prox_sync_success: false })).toBe(false);
    expect(isHealthy({ prox_sync_success: null })).toBe(false);
    expect(isHealthy({})).toBe(false);
  });
  it('has the lost-contact text of the spec', () => {
    expect(LOST_CONTACT_MESSAGE).toBe(
      'Server status: We are not able to perform this operation. We lost the contact with the server. This is NOT related to power status.',
    );
  });
  it('reads a lost contact from active_status', () => {
    expect(isContactLost('LOST')).toBe(true);
    expect(isContactLost('lost')).toBe(true);
    expect(isContactLost('DEAD')).toBe(false);
    expect(isContactLost(null)).toBe(false);
  });
});

describe('acceptBootOrder', () => {
  it('defaults to dcn', () => {
    expect(DEFAULT_BOOT_ORDER).toBe('dcn');
  });
  it('takes an order holding c, d and n', () => {
    expect(acceptBootOrder('ncd')).toBe('ncd');
    expect(acceptBootOrder('CDN')).toBe('cdn');
    expect(acceptBootOrder('boot order: dnc')).toBe('dnc');
  });
  it('refuses a message without all three devices', () => {
    for (const m of ['dc', 'ddn', 'cd n', '', 'failed']) expect(acceptBootOrder(m), m).toBeNull();
  });
  it('accepts every permutation of c, d and n', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['c', 'd', 'n'], { minLength: 3 }), (p) => acceptBootOrder(p.join('')) === p.join('')),
    );
  });
});

describe('snapshotNameFromMessage', () => {
  it('removes the success: and rollback: prefixes', () => {
    expect(snapshotNameFromMessage('success:before1')).toBe('before1');
    expect(snapshotNameFromMessage('rollback: before1')).toBe('before1');
    expect(snapshotNameFromMessage('success:rollback:snap2')).toBe('snap2');
  });
  it('leaves other text alone', () => {
    expect(snapshotNameFromMessage('snap3')).toBe('snap3');
    expect(snapshotNameFromMessage('mysuccess:x')).toBe('mysuccess:x');
  });
});

describe('isOn and isIsoMountOk', () => {
  it('reads on', () => {
    expect(isOn('on')).toBe(true);
    expect(isOn(' ON ')).toBe(true);
    expect(isOn(true)).toBe(true);
    for (const v of ['off', '', null, undefined, 1, 'one']) expect(isOn(v)).toBe(false);
  });
  it('reads ok', () => {
    expect(isIsoMountOk('ok')).toBe(true);
    expect(isIsoMountOk('OK')).toBe(true);
    for (const v of ['error', '', null, 'okay']) expect(isIsoMountOk(v)).toBe(false);
  });
});

describe('parseJoined', () => {
  it('reads the connection id and the destination', () => {
    expect(parseJoined('abc123_joined_[terminal]')).toEqual({ connectionId: 'abc123', destination: 'terminal' });
  });
  it('accepts a destination without brackets', () => {
    expect(parseJoined('abc_joined_terminal')).toEqual({ connectionId: 'abc', destination: 'terminal' });
  });
  it('ignores a message for another destination', () => {
    expect(parseJoined('abc_joined_[power]', 'terminal')).toBeNull();
    expect(parseJoined('abc_joined_[terminal]', 'terminal')).not.toBeNull();
  });
  it('refuses messages without the marker or with an empty part', () => {
    for (const m of ['abc joined terminal', '_joined_[terminal]', 'abc_joined_', 'abc_joined_[]']) {
      expect(parseJoined(m), m).toBeNull();
    }
  });
  it('round-trips any id and destination', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    fc.assert(
      fc.property(part, part, (id, dest) => {
        expect(parseJoined(`${id}_joined_[${dest}]`, dest)).toEqual({ connectionId: id, destination: dest });
      }),
    );
  });
});
