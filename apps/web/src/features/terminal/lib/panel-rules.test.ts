import { describe, expect, it } from 'vitest';
import { flashLit, flashSchedule, opensOnStart, shouldAutoOpen } from './panel-rules';

describe('opening rules', () => {
  it('opens on start unless minimized', () => {
    expect(opensOnStart('not-minimized')).toBe(true);
    expect(opensOnStart('minimized')).toBe(false);
  });

  it('opens a closed terminal with messages when not minimized', () => {
    expect(shouldAutoOpen({ opened: false, messageCount: 2, saved: 'not-minimized' })).toBe(true);
  });

  it('does not open without messages, when minimized or when already open', () => {
    expect(shouldAutoOpen({ opened: false, messageCount: 0, saved: 'not-minimized' })).toBe(false);
    expect(shouldAutoOpen({ opened: false, messageCount: 3, saved: 'minimized' })).toBe(false);
    expect(shouldAutoOpen({ opened: true, messageCount: 3, saved: 'not-minimized' })).toBe(false);
  });
});

describe('flash', () => {
  it('lights 200 ms at the start of each second, five times', () => {
    expect([0, 199, 200, 999, 1000, 1150, 1200, 4100, 4200, 5000, 5100].map(flashLit)).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('schedules five pulses: on at each second, off 200 ms later', () => {
    const steps = flashSchedule();
    expect(steps).toHaveLength(10);
    expect(steps.slice(0, 4)).toEqual([
      { atMs: 0, lit: true },
      { atMs: 200, lit: false },
      { atMs: 1000, lit: true },
      { atMs: 1200, lit: false },
    ]);
    expect(steps.at(-1)).toEqual({ atMs: 4200, lit: false });
    expect(steps.every((s) => flashLit(s.atMs) === s.lit)).toBe(true);
  });
});
