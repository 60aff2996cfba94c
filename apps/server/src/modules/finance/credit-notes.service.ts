/**
 * Credit notes (issue 18, finance): FinanceCreditNoteCreate credits part or all of a paid invoice
 * (not a deposit receipt), at most what its earlier credit notes left, with the invoice's VAT
 * (rules/credit-notes creditTotals); the money goes to the account's balance or back by bank
 * transfer. The PDFs for the account (its own) and for finance (any).
 */
import { Readable } from 'node:stream';
import { creditTotals } from '@portside/contract/rules/credit-notes';
import type { CreditNoteCreateInput } from '@portside/contract/schemas/finance';
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { renderCreditNotePdf } from './credit-note-pdf.js';
import * as repo from './credit-notes.repository.js';

export async function createCreditNote(
  u: UserCtx,
  b: CreditNoteCreateInput,
): Promise<{ id: number; number: string; total_cents: number; client: string; invoice_number: string }> {
  return u.db.system(async (tx) => {
    const invoice = await repo.creditableInvoice(tx, b.p_invoice);
    if (!invoice) throw new AppError('INVOICE_NOT_FOUND', { details: String(b.p_invoice) });
    if (invoice.kind === 'deposit') throw new AppError('CREDIT_NOTE_DEPOSIT', { details: invoice.number });
    if (invoice.status !== 'paid') throw new AppError('CREDIT_NOTE_NOT_PAID', { details: invoice.number });
    const totals = creditTotals(
      b.p_subtotal_cents,
      { netCents: invoice.rest_net_cents, vatCents: invoice.rest_vat_cents },
      Number(invoice.vat_percent),
    );
    if (!totals)
      throw new AppError('CREDIT_NOTE_TOO_MUCH', { details: `${invoice.number}: at most ${invoice.rest_net_cents} cents net` });
    const note = await repo.insertCreditNote(tx, {
      invoice,
      reason: b.p_reason,
      refund: b.p_refund,
      subtotalCents: b.p_subtotal_cents,
      vatCents: totals.vatCents,
      userId: u.principal.userId,
    });
    return { ...note, client: invoice.client_id, invoice_number: invoice.number };
  });
}

/** A credit note id from a file path ('12'), or null. */
function noteId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

async function pdfOf(found: repo.CreditNoteForPdf | null) {
  if (!found) return null;
  const pdf = await renderCreditNotePdf(found);
  return { body: Readable.from(pdf), contentType: 'application/pdf', filename: `${found.number}.pdf` };
}

/** CreditNotePdf/<id>: the account's own credit note. */
export async function ownCreditNotePdf(u: UserCtx, raw: string) {
  const id = noteId(raw);
  return id === null ? null : pdfOf(await u.tenant((tx) => repo.creditNoteForPdf(tx, id, true)));
}

/** FinanceCreditNotePdf/<id>: any account's credit note, for finance and staff. */
export async function anyCreditNotePdf(u: UserCtx, raw: string) {
  const id = noteId(raw);
  return id === null ? null : pdfOf(await u.db.system((tx) => repo.creditNoteForPdf(tx, id, false)));
}
