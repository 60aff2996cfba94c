import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  commissionCents,
  commissionTotals,
  earnsCommission,
  invoiceCommissionCents,
  type CommissionInvoice,
  type ContractPeriod,
} from './commission';

const contract: ContractPeriod = { starts_on: '2026-03-15', ends_on: '2028-03-15', commission_percent: 10 };
const inv = (over: Partial<CommissionInvoice> = {}): CommissionInvoice => ({
  status: 'paid',
  issued_on: '2026-04-01',
  commission_base_cents: 10_000,
  ...over,
});

describe('commissionCents', () => {
  it('rounds half a cent up', () => {
    expect(commissionCents(1005, 10)).toBe(101); // 100.5
    expect(commissionCents(1004, 10)).toBe(100); // 100.4
    expect(commissionCents(1015, 10)).toBe(102); // 101.5
    expect(commissionCents(5, 10)).toBe(1); // 0.5
    expect(commissionCents(4, 10)).toBe(0); // 0.4
    expect(commissionCents(333, 15)).toBe(50); // 49.95
  });

  it('is exact on whole amounts and at the ends of the percent range', () => {
    expect(commissionCents(12_345, 0)).toBe(0);
    expect(commissionCents(12_345, 100)).toBe(12_345);
    expect(commissionCents(0, 10)).toBe(0);
    expect(commissionCents(2_000_000_00, 10)).toBe(20_000_000);
  });

  it('equals base × percent / 100 rounded half-up for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (base, percent) => {
        const exact = (base * percent) / 100;
        const c = commissionCents(base, percent);
        expect(Number.isInteger(c)).toBe(true);
        expect(Math.abs(c - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(c).toBe(Math.ceil(exact));
      }),
    );
  });

  it('refuses fractions of cents, negative amounts and percents outside 0..100', () => {
    expect(() => commissionCents(10.5, 10)).toThrow(RangeError);
    expect(() => commissionCents(-1, 10)).toThrow(RangeError);
    expect(() => commissionCents(100, 101)).toThrow(RangeError);
    expect(() => commissionCents(100, 2.5)).toThrow(RangeError);
  });
});

describe('earnsCommission', () => {
  it('pays paid invoices issued within the period, its first day included and its end day not', () => {
    expect(earnsCommission(inv({ issued_on: '2026-03-15' }), contract)).toBe(true);
    expect(earnsCommission(inv({ issued_on: '2028-03-14' }), contract)).toBe(true);
    expect(earnsCommission(inv({ issued_on: '2028-03-15' }), contract)).toBe(false);
    expect(earnsCommission(inv({ issued_on: '2026-03-14' }), contract)).toBe(false);
  });

  it('pays nothing on open or void invoices', () => {
    expect(invoiceCommissionCents(inv({ status: 'open' }), contract)).toBe(0);
    expect(invoiceCommissionCents(inv({ status: 'void' }), contract)).toBe(0);
    expect(invoiceCommissionCents(inv(), contract)).toBe(1000);
  });
});

describe('a month of invoices', () => {
  // Two clients' invoices of April 2026 under 10 % and 12 % contracts, plus one of May.
  const a: ContractPeriod = contract;
  const b: ContractPeriod = { starts_on: '2026-04-02', ends_on: '2028-04-02', commission_percent: 12 };
  const rows = [
    { client: 'A', period: a, inv: inv({ issued_on: '2026-04-01', commission_base_cents: 1005 }), amount: 1236 },
    { client: 'A', period: a, inv: inv({ issued_on: '2026-04-10', commission_base_cents: 2499 }), amount: 3074 },
    { client: 'A', period: a, inv: inv({ issued_on: '2026-04-20', status: 'open', commission_base_cents: 5000 }), amount: 6150 },
    // Issued the day before client B's contract began: no commission.
    { client: 'B', period: b, inv: inv({ issued_on: '2026-04-01', commission_base_cents: 7000 }), amount: 8610 },
    { client: 'B', period: b, inv: inv({ issued_on: '2026-04-30', commission_base_cents: 1234 }), amount: 1518 },
    { client: 'B', period: b, inv: inv({ issued_on: '2026-04-30', status: 'void', commission_base_cents: 900 }), amount: 1107 },
    { client: 'B', period: b, inv: inv({ issued_on: '2026-05-01', commission_base_cents: 4321 }), amount: 5315 },
  ].map((r) => ({
    client: r.client,
    issued_on: r.inv.issued_on,
    amount_cents: r.amount,
    commission_base_cents: r.inv.commission_base_cents,
    commission_cents: invoiceCommissionCents(r.inv, r.period),
  }));

  it('rounds each invoice on its own', () => {
    // 100.5 → 101, 249.9 → 250, open 0, before the contract 0, 148.08 → 148, void 0, 518.52 → 519
    expect(rows.map((r) => r.commission_cents)).toEqual([101, 250, 0, 0, 148, 0, 519]);
  });

  it('totals per client and per month, newest month first', () => {
    const t = commissionTotals(rows);
    expect(t.total).toEqual({ invoices: 7, amount_cents: 27_010, base_cents: 21_959, commission_cents: 1018 });
    expect(t.byClient.get('A')).toEqual({ invoices: 3, amount_cents: 10_460, base_cents: 8504, commission_cents: 351 });
    expect(t.byClient.get('B')).toEqual({ invoices: 4, amount_cents: 16_550, base_cents: 13_455, commission_cents: 667 });
    expect(t.byMonth).toEqual([
      { month: '2026-05', invoices: 1, amount_cents: 5315, base_cents: 4321, commission_cents: 519 },
      { month: '2026-04', invoices: 6, amount_cents: 21_695, base_cents: 17_638, commission_cents: 499 },
    ]);
  });

  it('answers zero totals for no invoices', () => {
    const t = commissionTotals([]);
    expect(t.total).toEqual({ invoices: 0, amount_cents: 0, base_cents: 0, commission_cents: 0 });
    expect(t.byClient.size).toBe(0);
    expect(t.byMonth).toEqual([]);
  });
});
