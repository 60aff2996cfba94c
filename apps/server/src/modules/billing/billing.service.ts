/** The invoice PDF as a binary read: only the caller's own invoices, anything else is not found. */
import { Readable } from 'node:stream';
import type { UserCtx } from '../../routes/handler-context.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { ownInvoiceForPdf } from './invoice-read.repository.js';

/** An invoice id as it appears in the path: digits only; anything else is simply not found. */
function invoiceId(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export async function invoicePdf(u: UserCtx, rawId: string) {
  const id = invoiceId(rawId);
  if (id === null) return null;
  const found = await u.tenant((tx) => ownInvoiceForPdf(tx, id));
  if (!found) return null;
  const pdf = await renderInvoicePdf(found.invoice, found.language);
  return { body: Readable.from(pdf), contentType: 'application/pdf', filename: `${found.invoice.number}.pdf` };
}
