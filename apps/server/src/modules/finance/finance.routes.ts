/**
 * The accountant's CSV (issue 18): GET /api/FinanceInvoicesCsv/<YYYY-MM>, the invoices issued in
 * that month with their account as billed, VAT and payment facts, one line each (rules/csv.ts:
 * RFC 4180, no cell a spreadsheet would run as a formula). Finance and staff.
 */
import { Readable } from 'node:stream';
import { centsText, toCsv } from '@portside/contract/rules/csv';
import { defineFile, type AnyFile } from '../../routes/route-defs.js';
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
  const rows = await u.db.system((tx) => invoicesOfMonth(tx, month));
  const csv = toCsv(
    HEADER,
    rows.map((i) => [
      i.number,
      i.kind,
      i.issued_on,
      i.due_on,
      i.status,
      i.client_name,
      i.country,
      i.vat_number,
      centsText(i.subtotal_cents),
      i.vat_percent,
      centsText(i.vat_cents),
      centsText(i.total_cents),
      centsText(i.paid_cents),
      i.vat_note,
    ]),
  );
  // A byte-order mark, so spreadsheets read the names' accents as UTF-8.
  return {
    body: Readable.from([`\uFEFF${csv}`]),
    contentType: 'text/csv; charset=utf-8',
    filename: `invoices-${raw}.csv`,
    attachment: true,
  };
}

export const financeFiles: AnyFile[] = [defineFile({ name: 'FinanceInvoicesCsv', access: financeAccess, handler: invoicesCsv })];
