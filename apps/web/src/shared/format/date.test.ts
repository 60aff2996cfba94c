import { describe, expect, it } from 'vitest';
import { formatDateTime, intlLocale } from './date';

const NOON_UTC = '2026-01-15T12:00:00Z';

describe('formatDateTime', () => {
  it('shows an instant in the given timezone, with its offset when asked', () => {
    const lisbon = formatDateTime(NOON_UTC, { timeZone: 'Europe/Lisbon', locale: 'en-GB', withOffset: true });
    const kolkata = formatDateTime(NOON_UTC, { timeZone: 'Asia/Kolkata', locale: 'en-GB', withOffset: true });
    expect(lisbon).toMatch(/^15 Jan 2026, 12:00 GMT/);
    expect(kolkata).toBe('15 Jan 2026, 17:30 GMT+5:30');
    expect(formatDateTime(NOON_UTC, { timeZone: 'America/New_York', locale: 'en-GB' })).toBe('15 Jan 2026, 07:00');
  });

  it('follows the locale', () => {
    expect(formatDateTime(NOON_UTC, { timeZone: 'Europe/Berlin', locale: 'de' })).toBe('15. Jan. 2026, 13:00');
    expect(formatDateTime(NOON_UTC, { timeZone: 'Europe/Lisbon', locale: 'pt-PT', style: 'date' })).toBe('15/01/2026');
  });

  it('never shifts a calendar date, whatever the timezone', () => {
    expect(formatDateTime('2027-01-01', { timeZone: 'America/Los_Angeles', locale: 'en-GB' })).toBe('1 Jan 2027');
    expect(formatDateTime('2027-01-01', { timeZone: 'Pacific/Kiritimati', locale: 'en-GB' })).toBe('1 Jan 2027');
  });

  it('keeps going with an unknown timezone or locale, and passes non-dates through', () => {
    expect(formatDateTime(NOON_UTC, { timeZone: 'Mars/Olympus', locale: 'en-GB', style: 'date' })).toBe('15 Jan 2026');
    expect(formatDateTime(NOON_UTC, { timeZone: 'UTC', locale: 'xx-invalid-@@', style: 'date' })).toMatch(/2026/);
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('intlLocale', () => {
  it('uses British English and European Portuguese, the language itself otherwise', () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('pt')).toBe('pt-PT');
    expect(intlLocale('fi')).toBe('fi');
    expect(intlLocale('hi-IN')).toBe('hi');
  });
});
