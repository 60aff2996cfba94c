/**
 * The SQL of credit notes (migration 0044): the invoice being credited with what is left of it,
 * writing a credit note (its number taken in the same transaction: no gaps) and its balance refund,
 * the lists for finance and for the account, and one credit note for its PDF.
 */
import type { Tx } from '../../db/database.js';
import type { BillTo } from '../billing/invoice-pdf.js';

export interface CreditableInvoice {
  id: number;
  client_id: string;
  number: string;
  kind: string;
  status: string;
  vat_percent: string;
  vat_note: string | null;
  bill_to: BillTo;
  /** The invoice's net and VAT less those of its credit notes so far. */
  rest_net_cents: number;
  rest_vat_cents: number;
}

/** The invoice with what is left to credit, locked until the transaction ends (two credit notes at once cannot both take the rest). */
export async function creditableInvoice(tx: Tx, id: number): Promise<CreditableInvoice | null> {
  const r = await tx.query<CreditableInvoice>(
    `SELECT i.id::int AS id, i.client_id, i.number, i.kind, i.status, i.vat_percent::text AS vat_percent, i.vat_note, i.bill_to,
            i.subtotal_cents - coalesce(c.net, 0) AS rest_net_cents, i.vat_cents - coalesce(c.vat, 0) AS rest_vat_cents
       FROM (SELECT * FROM invoices WHERE id = $1 FOR UPDATE) i
       LEFT JOIN LATERAL (SELECT sum(subtotal_cents)::int AS net, sum(vat_cents)::int AS vat FROM credit_notes WHERE invoice_id = i.id) c ON true`,
    [id],
  );
  return r.rows[0] ?? null;
}

export interface CreditNoteDraft {
  invoice: CreditableInvoice;
  reason: string;
  refund: 'balance' | 'bank';
  subtotalCents: number;
  vatCents: number;
  userId: string;
}

/** Writes the credit note (today, the invoice's VAT and bill-to) and, for a balance refund, its balance entry. */
export async function insertCreditNote(tx: Tx, d: CreditNoteDraft): Promise<{ id: number; number: string; total_cents: number }> {
  const total = d.subtotalCents + d.vatCents;
  const r = await tx.query<{ id: number; number: string }>(
    `INSERT INTO credit_notes (client_id, invoice_id, number, issued_on, reason, refund, subtotal_cents, vat_percent, vat_note,
                               vat_cents, total_cents, bill_to, created_by)
     VALUES ($1, $2, next_credit_note_number((now() AT TIME ZONE 'UTC')::date), (now() AT TIME ZONE 'UTC')::date, $3, $4, $5,
             $6::numeric, $7, $8, $9, $10, $11)
     RETURNING id::int AS id, number`,
    [
      d.invoice.client_id,
      d.invoice.id,
      d.reason,
      d.refund,
      d.subtotalCents,
      d.invoice.vat_percent,
      d.invoice.vat_note,
      d.vatCents,
      total,
      JSON.stringify(d.invoice.bill_to),
      d.userId,
    ],
  );
  const note = r.rows[0]!;
  if (d.refund === 'balance')
    await tx.query(
      `INSERT INTO balance_entries (client_id, amount_cents, kind, invoice_id, note) VALUES ($1, $2, 'refund', $3, $4)`,
      [d.invoice.client_id, total, d.invoice.id, `Credit note ${note.number} for invoice ${d.invoice.number}`],
    );
  return { ...note, total_cents: total };
}

const BILLED_NAME = `coalesce(nullif(n.bill_to->>'company', ''), n.bill_to->>'name')`;
const NOTE_FIELDS = `n.id::int AS id, n.number, n.invoice_id::int AS invoice, i.number AS invoice_number, n.issued_on, n.reason, n.refund,
  n.subtotal_cents, n.vat_cents, n.total_cents`;

/** FinanceCreditNotes: every account's credit notes, with the account as billed and who issued each. */
export const FINANCE_CREDIT_NOTES_SQL = `
  SELECT ${NOTE_FIELDS}, n.client_id AS client, ${BILLED_NAME} AS client_name, u.email AS created_by,
         lower(concat_ws(' ', n.number, i.number, ${BILLED_NAME}, n.bill_to->>'company', n.reason)) AS search
    FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN users u ON u.id = n.created_by`;

/** MyCreditNotes: the account's own credit notes (row-level security and the explicit check). */
export const MY_CREDIT_NOTES_SQL = `
  SELECT ${NOTE_FIELDS} FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id WHERE n.client_id = portside_client()`;

/** Credit notes issued in one month as rows of the accountant's CSV (negative amounts), in number order. */
export async function creditNotesOfMonth(tx: Tx, monthStart: string) {
  const r = await tx.query<{
    number: string;
    invoice_number: string;
    issued_on: string;
    client_name: string;
    country: string;
    vat_number: string | null;
    subtotal_cents: number;
    vat_percent: string;
    vat_cents: number;
    total_cents: number;
    vat_note: string | null;
  }>(
    `SELECT n.number, i.number AS invoice_number, n.issued_on::text, ${BILLED_NAME} AS client_name,
            coalesce(n.bill_to->>'country', '') AS country, n.bill_to->>'vat_number' AS vat_number,
            n.subtotal_cents, n.vat_percent::text AS vat_percent, n.vat_cents, n.total_cents, n.vat_note
       FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id
      WHERE n.issued_on >= $1::date AND n.issued_on < ($1::date + interval '1 month')
      ORDER BY n.number`,
    [monthStart],
  );
  return r.rows;
}

export interface CreditNoteForPdf {
  number: string;
  invoice_number: string;
  invoice_issued_on: string;
  issued_on: string;
  reason: string;
  refund: 'balance' | 'bank';
  subtotal_cents: number;
  vat_percent: string;
  vat_note: 'reverse-charge' | 'outside-eu' | null;
  vat_cents: number;
  total_cents: number;
  bill_to: BillTo;
  language: string;
}

/** One credit note for its PDF with the account's language; `own` limits it to the caller's account. */
export async function creditNoteForPdf(tx: Tx, id: number, own: boolean): Promise<CreditNoteForPdf | null> {
  const r = await tx.query<CreditNoteForPdf>(
    `SELECT n.number, i.number AS invoice_number, i.issued_on::text AS invoice_issued_on, n.issued_on::text, n.reason, n.refund,
            n.subtotal_cents, n.vat_percent::text AS vat_percent, n.vat_note, n.vat_cents, n.total_cents, n.bill_to, c.language
       FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id JOIN clients c ON c.id = n.client_id
      WHERE n.id = $1 AND (NOT $2 OR n.client_id = portside_client())`,
    [id, own],
  );
  return r.rows[0] ?? null;
}
