import { describe, expect, it } from 'vitest';
import { addDays, priceChangeStarted, priceDateProblem, PRICE_LEAD_DAYS } from './price-dates';

describe('dated price changes', () => {
  it('accepts today and later days up to the lead limit', () => {
    expect(priceDateProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(priceDateProblem('2026-12-01', '2026-11-27')).toBeNull();
    expect(priceDateProblem(addDays('2026-11-27', PRICE_LEAD_DAYS), '2026-11-27')).toBeNull();
  });

  it('refuses a past day, one beyond the limit and a day that does not exist', () => {
    expect(priceDateProblem('2026-11-26', '2026-11-27')).toBe('price_date_past');
    expect(priceDateProblem(addDays('2026-11-27', PRICE_LEAD_DAYS + 1), '2026-11-27')).toBe('price_date_too_far');
    expect(priceDateProblem('2027-02-30', '2026-11-27')).toBe('date_invalid');
    expect(priceDateProblem('1.12.2026', '2026-11-27')).toBe('date_invalid');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('counts a change dated today as started', () => {
    expect(priceChangeStarted('2026-11-27', '2026-11-27')).toBe(true);
    expect(priceChangeStarted('2026-11-28', '2026-11-27')).toBe(false);
  });
});
