import { describe, expect, it } from 'vitest';
import { openAmountCents } from './billing';

describe('openAmountCents', () => {
  it('counts what is left to pay on an invoice, never below zero', () => {
    expect(openAmountCents({ total_cents: 1230, paid_cents: 230 })).toBe(1000);
    expect(openAmountCents({ total_cents: 1230, paid_cents: 1230 })).toBe(0);
    expect(openAmountCents({ total_cents: 1230, paid_cents: 1300 })).toBe(0);
  });
});
