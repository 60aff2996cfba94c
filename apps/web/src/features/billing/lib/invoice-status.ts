/** How an invoice's state is shown: paid, void, open, partly paid, or overdue once past its due day. */
import type { MyInvoice } from '@portside/contract/schemas/billing';

export type InvoiceDisplayStatus = 'paid' | 'void' | 'open' | 'partly_paid' | 'overdue';

/** `today` is the calendar day 'YYYY-MM-DD' (UTC, as invoices' days are). */
export function displayStatus(inv: Pick<MyInvoice, 'status' | 'due_on' | 'paid_cents'>, today: string): InvoiceDisplayStatus {
  if (inv.status !== 'open') return inv.status;
  if (inv.due_on < today) return 'overdue';
  return inv.paid_cents > 0 ? 'partly_paid' : 'open';
}

export const STATUS_COLOR: Record<InvoiceDisplayStatus, string> = {
  paid: 'green',
  void: 'gray',
  open: 'blue',
  partly_paid: 'yellow',
  overdue: 'red',
};

/** Today as a UTC calendar day. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
