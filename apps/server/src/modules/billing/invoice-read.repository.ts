/** Reading one invoice with its lines and the account's language, for the PDF (tenant context). */
import type { Tx } from '../../db/database.js';
import type { InvoiceForPdf } from './invoice-pdf.js';

/** The caller's own invoice (row-level security and the explicit client check), or null. */
export async function ownInvoiceForPdf(tx: Tx, id: number): Promise<{ invoice: InvoiceForPdf; language: string } | null> {
  const r = await tx.query<Omit<InvoiceForPdf, 'lines'> & { language: string }>(
    `SELECT i.number, i.reference, i.kind, i.order_id, i.period_start::text, i.issued_on::text, i.due_on::text, i.status, i.subtotal_cents,
            i.vat_percent, i.vat_note, i.vat_cents, i.total_cents, i.paid_cents, i.bill_to, c.language
       FROM invoices i JOIN clients c ON c.id = i.client_id
      WHERE i.id = $1 AND i.client_id = portside_client()`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  const lines = await tx.query<InvoiceForPdf['lines'][number]>(
    `SELECT description, period_from::text, period_to::text, days, monthly_cents, amount_cents
       FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
    [id],
  );
  const { language, ...invoice } = row;
  return { invoice: { ...invoice, lines: lines.rows }, language };
}
