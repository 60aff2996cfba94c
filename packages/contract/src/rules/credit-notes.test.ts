import { describe, expect, it } from 'vitest';
import { creditTotals } from './credit-notes';

describe('credit note totals', () => {
  it("adds the invoice's VAT rate to the credited net", () => {
    expect(creditTotals(1000, { netCents: 5000, vatCents: 1150 }, 23)).toEqual({ vatCents: 230, totalCents: 1230 });
  });

  it("takes the last of the invoice's VAT with the last of its net, so parts add up to the total", () => {
    // An invoice of 10.01 net at 23 % has 2.30 VAT: three parts must credit exactly 12.31.
    const invoice = { netCents: 1001, vatCents: 230 };
    const a = creditTotals(333, invoice, 23)!;
    const rest1 = { netCents: 1001 - 333, vatCents: 230 - a.vatCents };
    const b = creditTotals(333, rest1, 23)!;
    const rest2 = { netCents: rest1.netCents - 333, vatCents: rest1.vatCents - b.vatCents };
    const c = creditTotals(rest2.netCents, rest2, 23)!;
    expect(a.totalCents + b.totalCents + c.totalCents).toBe(1001 + 230);
  });

  it('credits no VAT on a reverse-charge or non-EU invoice', () => {
    expect(creditTotals(5000, { netCents: 5000, vatCents: 0 }, 0)).toEqual({ vatCents: 0, totalCents: 5000 });
  });

  it('refuses nothing, a negative amount, a fraction of a cent and more than is left', () => {
    const rest = { netCents: 5000, vatCents: 1150 };
    expect(creditTotals(0, rest, 23)).toBeNull();
    expect(creditTotals(-5, rest, 23)).toBeNull();
    expect(creditTotals(10.5, rest, 23)).toBeNull();
    expect(creditTotals(5001, rest, 23)).toBeNull();
  });
});
