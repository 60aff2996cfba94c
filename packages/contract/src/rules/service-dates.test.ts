import { describe, expect, it } from 'vitest';
import { cancelDateProblem, earliestEndDate, isCalendarDay, utcToday } from './service-dates';

describe('isCalendarDay', () => {
  it('accepts existing days written YYYY-MM-DD only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-01-01')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00:00Z')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });
});

describe('utcToday', () => {
  it('is the UTC day, whatever the local time', () => {
    expect(utcToday(new Date('2026-03-31T23:30:00-02:00'))).toBe('2026-04-01');
  });
});

describe('cancel dates', () => {
  it('refuses a day in the past before a day before the minimum cancel date', () => {
    expect(cancelDateProblem('2026-05-09', '2026-06-01', '2026-05-10')).toBe('cancel_date_past');
    expect(cancelDateProblem('2026-05-20', '2026-06-01', '2026-05-10')).toBe('cancel_date_before_min');
  });
  it('allows today and the minimum cancel date itself', () => {
    expect(cancelDateProblem('2026-05-10', '2026-05-01', '2026-05-10')).toBeNull();
    expect(cancelDateProblem('2026-06-01', '2026-06-01', '2026-05-10')).toBeNull();
  });
  it('starts the date picker at the later of today and the minimum cancel date', () => {
    expect(earliestEndDate('2026-06-01', '2026-05-10')).toBe('2026-06-01');
    expect(earliestEndDate('2026-01-01', '2026-05-10')).toBe('2026-05-10');
  });
});
