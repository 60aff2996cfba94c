/**
 * The finance revenue overview from FinanceRevenue's rows (one per month, billing country and VAT
 * treatment): per month the net, the VAT, the net under reverse charge and outside the EU, and the
 * countries by net — what the chart and its table show.
 */
import type { FinanceRevenue } from '../schemas/finance';

export interface RevenueCountry {
  country: string;
  net_cents: number;
  vat_cents: number;
}

export interface RevenueMonth {
  /** The month's first day. */
  month: string;
  invoices: number;
  net_cents: number;
  vat_cents: number;
  /** Net billed without VAT under reverse charge (EU businesses) and outside the EU. */
  reverse_charge_cents: number;
  outside_eu_cents: number;
  /** The countries, largest net first. */
  countries: RevenueCountry[];
}

/** The months of the rows, oldest first; a month without rows does not appear. */
export function revenueByMonth(rows: readonly FinanceRevenue[]): RevenueMonth[] {
  const months = new Map<string, RevenueMonth>();
  for (const r of rows) {
    let m = months.get(r.month);
    if (!m) {
      m = {
        month: r.month,
        invoices: 0,
        net_cents: 0,
        vat_cents: 0,
        reverse_charge_cents: 0,
        outside_eu_cents: 0,
        countries: [],
      };
      months.set(r.month, m);
    }
    m.invoices += r.invoices;
    m.net_cents += r.net_cents;
    m.vat_cents += r.vat_cents;
    if (r.vat_note === 'reverse-charge') m.reverse_charge_cents += r.net_cents;
    if (r.vat_note === 'outside-eu') m.outside_eu_cents += r.net_cents;
    const c = m.countries.find((x) => x.country === r.country);
    if (c) {
      c.net_cents += r.net_cents;
      c.vat_cents += r.vat_cents;
    } else m.countries.push({ country: r.country, net_cents: r.net_cents, vat_cents: r.vat_cents });
  }
  const out = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  for (const m of out) m.countries.sort((a, b) => b.net_cents - a.net_cents || a.country.localeCompare(b.country));
  return out;
}
