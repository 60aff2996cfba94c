import { describe, expect, it } from 'vitest';
import { revenueByMonth } from './revenue';

const row = (month: string, country: string, vat_note: string | null, net: number, vat: number, invoices = 1) => ({
  month,
  country,
  vat_note,
  invoices,
  net_cents: net,
  vat_cents: vat,
});

describe('revenueByMonth', () => {
  it('adds each month up, splits reverse charge and outside the EU, and orders the countries by net', () => {
    const months = revenueByMonth([
      row('2026-10-01', 'PT', null, 10000, 2300, 3),
      row('2026-09-01', 'DE', null, 5000, 950),
      row('2026-10-01', 'DE', 'reverse-charge', 20000, 0),
      row('2026-10-01', 'US', 'outside-eu', 700, 0),
      row('2026-10-01', 'DE', null, 1000, 190),
    ]);
    expect(months.map((m) => m.month)).toEqual(['2026-09-01', '2026-10-01']);
    expect(months[1]).toEqual({
      month: '2026-10-01',
      invoices: 6,
      net_cents: 31700,
      vat_cents: 2490,
      reverse_charge_cents: 20000,
      outside_eu_cents: 700,
      countries: [
        { country: 'DE', net_cents: 21000, vat_cents: 190 },
        { country: 'PT', net_cents: 10000, vat_cents: 2300 },
        { country: 'US', net_cents: 700, vat_cents: 0 },
      ],
    });
  });
  it('is empty without rows', () => {
    expect(revenueByMonth([])).toEqual([]);
  });
});
