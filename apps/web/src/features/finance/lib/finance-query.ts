/**
 * The finance screens' small pure pieces: the view queries of a page of invoices or payments (a
 * search over the rows' `search` text, a status), the months the CSV export offers, and what the
 * revenue chart draws.
 */

/** Rows per page of the invoices and the payments. */
export const FINANCE_PAGE_SIZE = 25;

/** The invoice filters: every one, open (not yet due), overdue (open and past due), paid, void. */
export const INVOICE_FILTERS = ['all', 'open', 'overdue', 'paid', 'void'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

/** The `search` filter of a typed text: lower-cased, wildcards of the text taken as plain characters. */
function searchFilter(text: string): string | null {
  const t = text
    .toLowerCase()
    .replace(/[*%_\\,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? `ilike.*${t}*` : null;
}

/** The FinanceInvoices query of one page (1-based): newest first. `today` is 'YYYY-MM-DD' (UTC). */
export function invoicesQuery(filter: InvoiceFilter, search: string, page: number, today: string): Record<string, string> {
  const q: Record<string, string> = {
    order: 'issued_on.desc,id.desc',
    limit: String(FINANCE_PAGE_SIZE),
    offset: String((page - 1) * FINANCE_PAGE_SIZE),
  };
  const s = searchFilter(search);
  if (s) q.search = s;
  if (filter === 'open') {
    q.status = 'eq.open';
    q.due_on = `gte.${today}`;
  } else if (filter === 'overdue') {
    q.status = 'eq.open';
    q.due_on = `lt.${today}`;
  } else if (filter !== 'all') q.status = `eq.${filter}`;
  return q;
}

/** The FinancePayments query of one page (1-based): the latest first. */
export function paymentsQuery(search: string, page: number): Record<string, string> {
  return searchedPage(search, page, 'completed_at.desc.nullslast,id.desc');
}

/** The FinanceCreditNotes query of one page (1-based): the latest first. */
export function creditNotesQuery(search: string, page: number): Record<string, string> {
  return searchedPage(search, page, 'issued_on.desc,id.desc');
}

function searchedPage(search: string, page: number, order: string): Record<string, string> {
  const q: Record<string, string> = {
    order,
    limit: String(FINANCE_PAGE_SIZE),
    offset: String((page - 1) * FINANCE_PAGE_SIZE),
  };
  const s = searchFilter(search);
  if (s) q.search = s;
  return q;
}

/** The last `count` months up to the month of `today` ('YYYY-MM'), newest first. */
export function lastMonths(today: string, count: number): string[] {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

/** The first day of the month `count - 1` months before `today`'s: where the revenue chart starts. */
export function chartStart(today: string, count: number): string {
  return `${lastMonths(today, count).at(-1)!}-01`;
}

/** A bar's height for `value` in a chart whose largest value is `max` and fills `height` pixels (small values stay visible). */
export function barHeight(value: number, max: number, height: number): number {
  return max > 0 && value > 0 ? Math.max(1, Math.round((value / max) * height)) : 0;
}
