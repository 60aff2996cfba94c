/**
 * Finance's reads across every account (issue 18): GET /api/FinanceInvoices, FinancePayments and
 * FinanceRevenue, for the finance role and staff, in the system scope (they read every account).
 * Rows: the contract's schemas/finance.ts. The account's name and country are the invoice's own
 * (bill_to, as billed), never today's.
 */
import {
  financeCreditNoteRow,
  financeInvoiceRow,
  financePaymentRow,
  financeRevenueRow,
  myCreditNoteRow,
} from '@portside/contract/schemas/finance';
import { anyRole, claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { FINANCE_CREDIT_NOTES_SQL, MY_CREDIT_NOTES_SQL } from './credit-notes.repository.js';

/** Finance work: the finance role, and staff. */
export const financeAccess = anyRole('finance', 'staff');

/** The name an invoice was billed to: its company, or the person's name. */
const BILLED_NAME = `coalesce(nullif(i.bill_to->>'company', ''), i.bill_to->>'name')`;
const ACCOUNT_NAME = `coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)`;
const OWNER_EMAIL = `(SELECT u.email FROM users u WHERE u.client_id = c.id AND u.is_owner)`;

/** Every invoice with its account as billed (shared with the CSV export). */
export const FINANCE_INVOICES_SQL = `
  SELECT i.id::int AS id, i.number, i.kind, i.client_id AS client, ${BILLED_NAME} AS client_name,
         coalesce(i.bill_to->>'country', c.country) AS country, i.bill_to->>'vat_number' AS vat_number,
         i.issued_on, i.due_on, i.status, i.subtotal_cents, i.vat_percent, i.vat_note, i.vat_cents, i.total_cents, i.paid_cents,
         coalesce(cn.total, 0)::int AS credited_cents, coalesce(cn.net, 0)::int AS credited_net_cents,
         lower(concat_ws(' ', i.number, ${BILLED_NAME}, c.company_name, c.first_name, c.last_name, ${OWNER_EMAIL},
                         i.bill_to->>'vat_number')) AS search
    FROM invoices i JOIN clients c ON c.id = i.client_id
    LEFT JOIN LATERAL (SELECT sum(n.total_cents) AS total, sum(n.subtotal_cents) AS net FROM credit_notes n WHERE n.invoice_id = i.id) cn ON true`;

const FINANCE_PAYMENTS_SQL = `
  SELECT p.id::int AS id, p.reference, p.client_id AS client, ${ACCOUNT_NAME} AS client_name, p.method, p.purpose, p.amount_cents,
         p.status, p.provider,
         coalesce((SELECT array_agg(i.number ORDER BY i.id) FROM invoices i
                    WHERE i.client_id = p.client_id
                      AND (i.id = ANY(p.invoice_ids) OR (p.purpose = 'order' AND i.order_id = p.order_id AND i.kind = 'order'))),
                  '{}') AS invoice_numbers,
         p.created_at, p.completed_at,
         lower(concat_ws(' ', p.reference, c.company_name, c.first_name, c.last_name, ${OWNER_EMAIL})) AS search
    FROM payments p JOIN clients c ON c.id = p.client_id
   WHERE p.status <> 'pending'`;

/**
 * Invoices issued per month, billing country and VAT treatment (void ones are not revenue), less
 * the credit notes issued that month (which count no invoice).
 */
const FINANCE_REVENUE_SQL = `
  SELECT month, country, vat_note, sum(invoices)::int AS invoices, sum(net_cents)::int AS net_cents, sum(vat_cents)::int AS vat_cents
    FROM (SELECT date_trunc('month', i.issued_on)::date AS month, coalesce(i.bill_to->>'country', '') AS country, i.vat_note,
                 1 AS invoices, i.subtotal_cents AS net_cents, i.vat_cents
            FROM invoices i WHERE i.status <> 'void'
          UNION ALL
          SELECT date_trunc('month', n.issued_on)::date, coalesce(n.bill_to->>'country', ''), n.vat_note, 0, -n.subtotal_cents, -n.vat_cents
            FROM credit_notes n) x
   GROUP BY 1, 2, 3`;

export const financeViews: ViewDef[] = [
  defineView({
    name: 'FinanceInvoices',
    access: financeAccess,
    system: true,
    row: financeInvoiceRow,
    source: FINANCE_INVOICES_SQL,
    order: 'issued_on.desc,id.desc',
  }),
  defineView({
    name: 'FinancePayments',
    access: financeAccess,
    system: true,
    row: financePaymentRow,
    source: FINANCE_PAYMENTS_SQL,
    order: 'completed_at.desc,id.desc',
  }),
  defineView({
    name: 'FinanceRevenue',
    access: financeAccess,
    system: true,
    row: financeRevenueRow,
    source: FINANCE_REVENUE_SQL,
    order: 'month.asc,country.asc',
  }),
  defineView({
    name: 'FinanceCreditNotes',
    access: financeAccess,
    system: true,
    row: financeCreditNoteRow,
    source: FINANCE_CREDIT_NOTES_SQL,
    order: 'issued_on.desc,id.desc',
  }),
  defineView({
    // The account's own credit notes, beside its invoices (billing-manage, as MyInvoices).
    name: 'MyCreditNotes',
    access: claim('billing-manage'),
    row: myCreditNoteRow,
    source: MY_CREDIT_NOTES_SQL,
    order: 'issued_on.desc,id.desc',
  }),
];
