/**
 * A reseller's commission (issue 17; spec 1 §4 'Invoice: … amount, commission base, commission'):
 * on each invoice of a client under contract, the commission base is the invoice's net subtotal
 * (without VAT) and the commission is base × percent / 100 in integer cents, rounded half-up —
 * but only for a paid invoice issued within the contract's period; an open or void invoice, or one
 * issued outside the period, earns nothing. The server's SQL (reseller views) computes the same
 * and its tests compare the two, so the web's totals and the server's rows never disagree.
 */

/** What the commission of one invoice depends on. */
export interface CommissionInvoice {
  status: 'open' | 'paid' | 'void';
  /** Calendar day of issue, 'YYYY-MM-DD'. */
  issued_on: string;
  /** The net subtotal in cents (the commission base). */
  commission_base_cents: number;
}

/** The period a contract pays commission for: from its first day, up to (not including) its end. */
export interface ContractPeriod {
  /** First day, 'YYYY-MM-DD' (the contract's creation day, UTC). */
  starts_on: string;
  /** The day it expires, 'YYYY-MM-DD' (not part of the period). */
  ends_on: string;
  /** Whole percent, 0 to 100. */
  commission_percent: number;
}

/**
 * base × percent / 100 in whole cents, half-up: 1005 cents at 10 % is 100.5 → 101. Exact in
 * integers (no floating point), so a sum of thousands of invoices cannot drift.
 */
export function commissionCents(baseCents: number, percent: number): number {
  if (!Number.isSafeInteger(baseCents) || baseCents < 0) throw new RangeError(`base must be whole cents >= 0: ${baseCents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be 0..100: ${percent}`);
  return Math.floor((baseCents * percent + 50) / 100);
}

/** Whether an invoice earns commission under a contract: paid, and issued within its period. */
export function earnsCommission(inv: Pick<CommissionInvoice, 'status' | 'issued_on'>, period: ContractPeriod): boolean {
  return inv.status === 'paid' && inv.issued_on >= period.starts_on && inv.issued_on < period.ends_on;
}

/** The commission of one invoice under a contract (0 when it earns none). */
export function invoiceCommissionCents(inv: CommissionInvoice, period: ContractPeriod): number {
  return earnsCommission(inv, period) ? commissionCents(inv.commission_base_cents, period.commission_percent) : 0;
}

/** A total over some invoices. */
export interface CommissionTotal {
  invoices: number;
  /** Sum of the invoices' totals (with VAT). */
  amount_cents: number;
  /** Sum of their commission bases. */
  base_cents: number;
  /** Sum of their commissions (each rounded on its own, as each is paid out per invoice). */
  commission_cents: number;
}

/** An invoice row as the reseller's invoice view answers it. */
export interface CommissionRow {
  client: string;
  issued_on: string;
  amount_cents: number;
  commission_base_cents: number;
  commission_cents: number;
}

const empty = (): CommissionTotal => ({ invoices: 0, amount_cents: 0, base_cents: 0, commission_cents: 0 });
const add = (t: CommissionTotal, r: CommissionRow): void => {
  t.invoices += 1;
  t.amount_cents += r.amount_cents;
  t.base_cents += r.commission_base_cents;
  t.commission_cents += r.commission_cents;
};

/** Totals of the rows: all of them, per client (by id) and per month of issue ('YYYY-MM', newest first). */
export function commissionTotals(rows: readonly CommissionRow[]): {
  total: CommissionTotal;
  byClient: Map<string, CommissionTotal>;
  byMonth: Array<{ month: string } & CommissionTotal>;
} {
  const total = empty();
  const byClient = new Map<string, CommissionTotal>();
  const months = new Map<string, CommissionTotal>();
  for (const r of rows) {
    add(total, r);
    const c = byClient.get(r.client) ?? empty();
    add(c, r);
    byClient.set(r.client, c);
    const key = r.issued_on.slice(0, 7);
    const m = months.get(key) ?? empty();
    add(m, r);
    months.set(key, m);
  }
  const byMonth = [...months.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([month, t]) => ({ month, ...t }));
  return { total, byClient, byMonth };
}
