/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, credit balance and
 * deposits, and each invoice as a PDF. Read-only. Access: claim `billing-manage` (issue 9, docs/access.md):
 * the owner, or a sub-user granted billing.
 */
import { claim, type FileDef, type ViewDef } from '../../http/access.js';
import { invoicePdf } from './billing.service.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

export const billingViews: ViewDef[] = [
  {
    name: 'MyInvoices',
    access: manageBilling,
    columns: {
      id: 'int',
      number: 'text',
      kind: 'text',
      issued_on: 'date',
      due_on: 'date',
      status: 'text',
      subtotal_cents: 'int',
      vat_cents: 'int',
      total_cents: 'int',
      paid_cents: 'int',
      period_start: 'date',
    },
    source: `SELECT id::int AS id, number, kind, issued_on, due_on, status, subtotal_cents, vat_cents, total_cents, paid_cents, period_start
      FROM invoices WHERE client_id = portside_client()`,
    order: 'issued_on.desc,id.desc',
  },
  {
    // One row: deposits add to the balance, payments from it take away (account_balance_cents).
    name: 'MyBalance',
    access: manageBilling,
    columns: { balance_cents: 'int' },
    source: `SELECT account_balance_cents(portside_client()) AS balance_cents`,
  },
  {
    name: 'MyDeposits',
    access: manageBilling,
    columns: { id: 'int', created_at: 'timestamptz', amount_cents: 'int', method: 'text', reference: 'text' },
    source: `SELECT id::int AS id, coalesce(completed_at, created_at) AS created_at, amount_cents, method, reference
      FROM payments WHERE client_id = portside_client() AND purpose = 'deposit' AND status = 'succeeded'`,
    order: 'created_at.desc,id.desc',
  },
];

export const billingFiles: FileDef[] = [{ name: 'InvoicePdf', access: manageBilling, handler: invoicePdf }];
