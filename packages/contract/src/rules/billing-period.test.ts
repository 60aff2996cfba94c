import { describe, expect, it } from 'vitest';
import { billingMonth, daysInclusive, previousMonth, shiftMonth } from './billing-period';

describe('billing months', () => {
  it('knows the length of each month, leap years included', () => {
    expect(billingMonth('2026-01')).toEqual({ month: '2026-01', start: '2026-01-01', end: '2026-01-31', days: 31 });
    expect(billingMonth('2026-02')?.days).toBe(28);
    expect(billingMonth('2028-02')?.end).toBe('2028-02-29');
    expect(billingMonth('2026-04')?.days).toBe(30);
  });

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-1', '26-01', '2026-00', '2026-01-01', '']) expect(billingMonth(bad)).toBeNull();
  });

  it('finds the month that just ended, across the new year', () => {
    expect(previousMonth(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
    expect(shiftMonth('2025-11', 3)).toBe('2026-02');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('counts days with both ends included', () => {
    expect(daysInclusive('2026-04-21', '2026-04-30')).toBe(10);
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInclusive('2026-03-29', '2026-03-30')).toBe(2); // across the daylight-saving change
    expect(daysInclusive('2026-03-02', '2026-03-01')).toBe(0);
  });
});
