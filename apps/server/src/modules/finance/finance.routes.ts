/**
 * The accountant's CSV (issue 18): GET /api/FinanceInvoicesCsv/<YYYY-MM>, the invoices issued in
 * that month with their account as billed, VAT and payment facts, one line each (rules/csv.ts:
 * RFC 4180, no cell a spreadsheet would run as a formula). Finance and staff.
 */
import { Readable } from 'node:stream';
import { centsCsv, toCsv } from '@portside/contract/rules/csv';
import { creditNoteCreateSchema } from '@portside/contract/schemas/finance';
import { claim } from '../../http/access.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import { anyCreditNotePdf, createCreditNote, ownCreditNotePdf } from './credit-notes.service.js';
import { creditNotesOfMonth } from './credit-notes.repository.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { invoicesOfMonth } from './finance.repository.js';
import { financeAccess } from './finance.views.js';

const HEADER = [
  'number',
  'kind',
  'issued_on',
  'due_on',
  'status',
  'client',
  'country',
  'vat_number',
  'net',
  'vat_percent',
  'vat',
  'total',
  'paid',
  'vat_note',
] as const;

/** A month as the path gives it ('2026-10'); anything else is not found. */
function monthOf(raw: string): string | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
  return m ? `${m[1]}-${m[2]}-01` : null;
}

async function invoicesCsv(u: UserCtx, raw: string) {
  const month = monthOf(raw);
  if (!month) return null;
  const [rows, notes] = await u.db.system(
    async (tx) => [await invoicesOfMonth(tx, month), await creditNotesOfMonth(tx, month)] as const,
  );
  const csv = toCsv(HEADER, [
    ...rows.map((i) => [
      i.number,
      i.kind,
      i.issued_on,
      i.due_on,
      i.status,
      i.client_name,
      i.country,
      i.vat_number,
      centsCsv(i.subtotal_cents),
      i.vat_percent,
      centsCsv(i.vat_cents),
      centsCsv(i.total_cents),
      centsCsv(i.paid_cents),
      i.vat_note,
    ]),
    // Credit notes after the invoices, their amounts negative; their status names the invoice they credit.
    ...notes.map((n) => [
      n.number,
      'credit-note',
      n.issued_on,
      '',
      `credits ${n.invoice_number}`,
      n.client_name,
      n.country,
      n.vat_number,
      centsCsv(-n.subtotal_cents),
      n.vat_percent,
      centsCsv(-n.vat_cents),
      centsCsv(-n.total_cents),
      '',
      n.vat_note,
    ]),
  ]);
  // A byte-order mark, so spreadsheets read the names' accents as UTF-8.
  return {
    body: Readable.from([`\uFEFF${csv}`]),
    contentType: 'text/csv; charset=utf-8',
    filename: `invoices-${raw}.csv`,
    attachment: true,
  };
}

export const financeFiles: AnyFile[] = [
  defineFile({ name: 'FinanceInvoicesCsv', access: financeAccess, handler: invoicesCsv }),
  defineFile({ name: 'FinanceCreditNotePdf', access: financeAccess, handler: anyCreditNotePdf }),
  // The account's own credit notes, as its invoices' PDFs (billing-manage).
  defineFile({ name: 'CreditNotePdf', access: claim('billing-manage'), handler: ownCreditNotePdf }),
];

export const financeRpcs: AnyRpc[] = [
  defineRpc({
    name: 'FinanceCreditNoteCreate',
    access: financeAccess,
    schema: creditNoteCreateSchema,
    audit: true,
    auditTarget: (b, r) => [
      target('invoice', b.p_invoice, answerField(r, 'invoice_number') as string | undefined),
      target('credit note', answerField(r, 'id'), answerField(r, 'number') as string | undefined),
    ],
    handler: (ctx, b) => createCreditNote(ctx, b),
  }),
];
