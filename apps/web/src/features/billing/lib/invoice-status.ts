/** How an invoice's state is shown (the contract's one rule, which the PDF follows too) and its badge colour. */
import type { InvoiceDisplayStatus } from '@portside/contract/rules/invoice-status';

export { displayStatus, todayUtc, type InvoiceDisplayStatus } from '@portside/contract/rules/invoice-status';

export const STATUS_COLOR: Record<InvoiceDisplayStatus, string> = {
  paid: 'green',
  void: 'gray',
  open: 'blue',
  partly_paid: 'yellow',
  overdue: 'red',
};
