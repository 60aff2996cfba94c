/** SQL of the accountant's CSV: the invoices issued in one month, in number order. */
import type { Tx } from '../../db/database.js';
import type { FinanceInvoice } from '@portside/contract/schemas/finance';
import { FINANCE_INVOICES_SQL } from './finance.views.js';

export async function invoicesOfMonth(tx: Tx, monthStart: string): Promise<FinanceInvoice[]> {
  const r = await tx.query<FinanceInvoice>(
    `SELECT * FROM (${FINANCE_INVOICES_SQL}) x
      WHERE x.issued_on >= $1::date AND x.issued_on < ($1::date + interval '1 month')
      ORDER BY x.number`,
    [monthStart],
  );
  return r.rows;
}
