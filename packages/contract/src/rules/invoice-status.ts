/**
 * How an invoice's state is shown, the same everywhere it appears — the portal's lists, the PDF
 * and the e-mails: paid, void, open, partly paid, or overdue once past its due day.
 */

/** An invoice's shown state. */
export type InvoiceDisplayStatus = 'paid' | 'void' | 'open' | 'partly_paid' | 'overdue';

/** The fields the shown state depends on. */
export interface InvoiceStatusFacts {
  status: 'open' | 'paid' | 'void';
  /** The due day 'YYYY-MM-DD'. */
  due_on: string;
  paid_cents: number;
}

/** `today` is the calendar day 'YYYY-MM-DD' (UTC, as invoices' days are). */
export function displayStatus(inv: InvoiceStatusFacts, today: string): InvoiceDisplayStatus {
  if (inv.status !== 'open') return inv.status;
  if (inv.due_on < today) return 'overdue';
  return inv.paid_cents > 0 ? 'partly_paid' : 'open';
}

/** Today as a UTC calendar day. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
