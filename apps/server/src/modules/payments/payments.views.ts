/** GET /api/PendingBankTransfers (finance): bank transfers not yet received. Row: the contract's pendingBankTransferRow. */
import { pendingBankTransferRow } from '@portside/contract/schemas/payments';
import { anyRole } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Finance work: the finance role, and staff. */
const finance = anyRole('finance', 'staff');

/** Pending bank transfers of every account, oldest first (finance). */
const PENDING_TRANSFERS_SQL = `
  SELECT p.id, p.reference, p.amount_cents, p.purpose, p.created_at, p.client_id AS client,
         coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name) AS client_name
    FROM payments p JOIN clients c ON c.id = p.client_id
   WHERE p.method = 'bank_transfer' AND p.status = 'pending'`;

/** Finance: bank transfers not yet received, of every account, oldest first. */
export const paymentsViews: ViewDef[] = [
  defineView({
    name: 'PendingBankTransfers',
    access: finance,
    system: true,
    row: pendingBankTransferRow,
    source: PENDING_TRANSFERS_SQL,
    order: 'id.asc',
  }),
];
