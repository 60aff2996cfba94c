/** GET /api/PendingBankTransfers (finance): what bank transfers may bring. Row: the contract's pendingBankTransferRow. */
import { pendingBankTransferRow } from '@portside/contract/schemas/payments';
import { anyRole } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Finance work: the finance role, and staff. */
const finance = anyRole('finance', 'staff');

const CLIENT_NAME = `coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)`;

/**
 * What a bank transfer may bring, of every account: the transfers started in the portal and not yet
 * received (with the numbers of the invoices each pays: those it names, or an order's invoice), and
 * the open invoices no transfer quoting their reference has been started for — their PDF and e-mail
 * ask for one, so finance finds them by that reference too. A reference is never on two rows.
 */
const PENDING_TRANSFERS_SQL = `
  SELECT p.id::int AS id, p.reference, p.amount_cents, p.purpose,
         coalesce((SELECT array_agg(i.number ORDER BY i.id) FROM invoices i
                    WHERE i.client_id = p.client_id
                      AND (i.id = ANY(p.invoice_ids) OR (p.purpose = 'order' AND i.order_id = p.order_id AND i.kind = 'order'))),
                  '{}') AS invoice_numbers,
         p.created_at, p.client_id AS client, ${CLIENT_NAME} AS client_name
    FROM payments p JOIN clients c ON c.id = p.client_id
   WHERE p.method = 'bank_transfer' AND p.status = 'pending'
  UNION ALL
  SELECT NULL, i.reference, i.total_cents - i.paid_cents, 'invoices', ARRAY[i.number], i.created_at, i.client_id, ${CLIENT_NAME}
    FROM invoices i JOIN clients c ON c.id = i.client_id
   WHERE i.status = 'open' AND i.total_cents > i.paid_cents
     AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.reference = i.reference)`;

/** Finance: transfers not yet received and open invoices, of every account, oldest first. */
export const paymentsViews: ViewDef[] = [
  defineView({
    name: 'PendingBankTransfers',
    access: finance,
    system: true,
    row: pendingBankTransferRow,
    source: PENDING_TRANSFERS_SQL,
    order: 'created_at.asc,reference.asc',
  }),
];
