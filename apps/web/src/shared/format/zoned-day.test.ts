import { describe, expect, it } from 'vitest';
import { isValidTimeZone, nextDay, zonedDayStart } from './zoned-day';

describe('zonedDayStart', () => {
  it('gives the UTC instant a day starts at in the zone', () => {
    expect(zonedDayStart('2025-07-01', 'Europe/Lisbon')).toBe('2025-06-30T23:00:00.000Z');
    expect(zonedDayStart('2025-01-15', 'Europe/Lisbon')).toBe('2025-01-15T00:00:00.000Z');
    expect(zonedDayStart('2025-01-15', 'Asia/Kolkata')).toBe('2025-01-14T18:30:00.000Z');
    expect(zonedDayStart('2025-01-15', 'America/New_York')).toBe('2025-01-15T05:00:00.000Z');
  });
  it('handles the days daylight saving time starts and ends', () => {
    expect(zonedDayStart('2025-03-30', 'Europe/Berlin')).toBe('2025-03-29T23:00:00.000Z');
    expect(zonedDayStart('2025-10-26', 'Europe/Berlin')).toBe('2025-10-25T22:00:00.000Z');
  });
  it('refuses a malformed date and treats an unknown zone as UTC', () => {
    expect(zonedDayStart('15/01/2025', 'UTC')).toBeNull();
    expect(zonedDayStart('2025-01-15', 'Nowhere/Land')).toBe('2025-01-15T00:00:00.000Z');
  });
});

describe('helpers', () => {
  it('steps to the next day across month ends', () => {
    expect(nextDay('2025-02-28')).toBe('2025-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });
  it('knows zones', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
  });
});
