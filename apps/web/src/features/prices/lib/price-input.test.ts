import { describe, expect, it } from 'vitest';
import { centsOfEuros, eurosOfCents, firstOfNextMonth, nextChange, startDayProblem } from './price-input';

describe('the price field', () => {
  it('turns euros into whole cents for a monthly price', () => {
    expect(centsOfEuros(12.9, 'whole')).toEqual({ cents: 1290 });
    expect(centsOfEuros('0', 'whole')).toEqual({ cents: 0 });
    expect(centsOfEuros(12.905, 'whole')).toEqual({ problem: 'price_invalid' });
  });

  it('keeps two decimals of a cent for a price per unit', () => {
    expect(centsOfEuros(0.0025, 'unit')).toEqual({ cents: 0.25 });
    expect(centsOfEuros(4, 'unit')).toEqual({ cents: 400 });
    expect(centsOfEuros(0.00001, 'unit')).toEqual({ problem: 'price_invalid' });
  });

  it('refuses empty, negative and huge amounts', () => {
    expect(centsOfEuros('', 'whole')).toEqual({ problem: 'price_invalid' });
    expect(centsOfEuros(null, 'whole')).toEqual({ problem: 'price_invalid' });
    expect(centsOfEuros(-1, 'whole')).toEqual({ problem: 'price_invalid' });
    expect(centsOfEuros(2_000_000, 'whole')).toEqual({ problem: 'price_invalid' });
  });

  it('shows cents as euros, from a number or a decimal string', () => {
    expect(eurosOfCents(1290)).toBe(12.9);
    expect(eurosOfCents('0.25')).toBe(0.0025);
  });
});

describe('the start day', () => {
  it('defaults to the 1st of next month, across the year end', () => {
    expect(firstOfNextMonth('2026-11-27')).toBe('2026-12-01');
    expect(firstOfNextMonth('2026-12-05')).toBe('2027-01-01');
  });

  it('asks for a day, and refuses a past one as the server does', () => {
    expect(startDayProblem('', '2026-11-27')).toBe('price_date_required');
    expect(startDayProblem('2026-11-26', '2026-11-27')).toBe('price_date_past');
    expect(startDayProblem('2026-11-27', '2026-11-27')).toBeNull();
  });
});

describe('the next change', () => {
  const c = (item: string, effective_from: string, started: boolean) => ({ item, effective_from, started });
  it("is the item's earliest change still to come", () => {
    const list = [
      c('a', '2027-03-01', false),
      c('a', '2027-01-01', false),
      c('a', '2026-10-01', true),
      c('b', '2026-12-01', false),
    ];
    expect(nextChange(list, 'a')).toEqual(c('a', '2027-01-01', false));
    expect(nextChange(list, 'c')).toBeNull();
    expect(nextChange(undefined, 'a')).toBeNull();
  });
});
