/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, credit balance and
 * deposits, for the owner or a sub-user holding billing-manage. Rows: the contract's
 * myInvoiceRow, myBalanceRow and myDepositRow.
 */
import { myBalanceRow, myDepositRow, myInvoiceRow } from '@portside/contract/schemas/billing';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

export const billingViews: ViewDef[] = [
  defineView({
    name: 'MyInvoices',
    access: manageBilling,
    row: myInvoiceRow,
    source: `SELECT id::int AS id, number, reference, kind, issued_on, due_on, status, subtotal_cents, vat_cents, total_cents, paid_cents, period_start
      FROM invoices WHERE client_id = portside_client()`,
    order: 'issued_on.desc,id.desc',
  }),
  defineView({
    // One row: deposits add to the balance, payments from it take away (account_balance_cents).
    name: 'MyBalance',
    access: manageBilling,
    row: myBalanceRow,
    source: `SELECT account_balance_cents(portside_client()) AS balance_cents`,
  }),
  defineView({
    name: 'MyDeposits',
    access: manageBilling,
    row: myDepositRow,
    source: `SELECT id::int AS id, coalesce(completed_at, created_at) AS created_at, amount_cents, method, reference
      FROM payments WHERE client_id = portside_client() AND purpose = 'deposit' AND status = 'succeeded'`,
    order: 'created_at.desc,id.desc',
  }),
];
