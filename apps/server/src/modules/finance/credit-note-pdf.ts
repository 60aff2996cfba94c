/**
 * The credit note as a PDF (pdfkit, A4, pdf-document.ts like the invoice): the seller, the account
 * as the invoice billed it, the credit note's number and day, the invoice it credits, the reason,
 * the net, VAT (or the invoice's reverse-charge / outside-EU note) and total credited, and how the
 * money goes back — in the account's language, with the invoice's texts where they are the same.
 */
import { formatCents } from '@portside/contract/rules/money';
import { fill, pdfTexts } from '../billing/invoice-pdf.i18n.js';
import { PDF_MARGIN as MARGIN, PDF_WIDTH as WIDTH, startPdf } from '../billing/pdf-document.js';
import { drawBillTo, drawSeller } from '../billing/pdf-parts.js';
import { SELLER, type Seller } from '../billing/seller.js';
import { creditNoteTexts } from './credit-note-pdf.i18n.js';
import type { CreditNoteForPdf } from './credit-notes.repository.js';

export async function renderCreditNotePdf(
  note: CreditNoteForPdf,
  { seller = SELLER }: { seller?: Seller } = {},
): Promise<Buffer> {
  const t = pdfTexts(note.language);
  const c = creditNoteTexts(note.language);
  const { doc, text, end } = startPdf({ title: `${c.title} ${note.number}`, author: seller.name });
  const money = (cents: number) => formatCents(cents, t.locale);
  const day = (d: string) =>
    new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

  let y = drawSeller(text, seller, t);
  text(c.title, MARGIN + 260, MARGIN, { bold: true, size: 20, width: WIDTH - 260, align: 'right' });
  const facts: Array<[string, string]> = [
    [c.number, note.number],
    [t.issued_on, day(note.issued_on)],
    [c.invoice, note.invoice_number],
    [c.invoice_date, day(note.invoice_issued_on)],
  ];
  facts.forEach(([k, v], i) => {
    text(k, MARGIN + 260, MARGIN + 30 + i * 13, { width: 130 });
    text(v, MARGIN + 390, MARGIN + 30 + i * 13, { bold: true, width: WIDTH - 390, align: 'right' });
  });

  y = drawBillTo(text, note.bill_to, t, Math.max(y, MARGIN + 90) + 16);

  y += 16;
  text(fill(c.credits, { invoice: note.invoice_number }), MARGIN, y, { bold: true, size: 11, width: WIDTH });
  y += 20;
  text(c.reason, MARGIN, y, { bold: true });
  y += 13;
  text(note.reason, MARGIN, y, { width: WIDTH });
  y += doc.heightOfString(note.reason, { width: WIDTH }) + 16;

  const percent = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(Number(note.vat_percent));
  const rows: Array<[string, number, boolean]> = [
    [t.subtotal, note.subtotal_cents, false],
    [fill(t.vat, { percent }), note.vat_cents, false],
    [c.total, note.total_cents, true],
  ];
  for (const [label, cents, bold] of rows) {
    text(label, MARGIN + 260, y, { bold, width: 160 });
    text(money(-cents), MARGIN + 405, y, { bold, width: WIDTH - 405, align: 'right' });
    y += 14;
  }
  y += 10;
  if (note.vat_note) {
    text(note.vat_note === 'reverse-charge' ? t.reverse_charge : t.outside_eu, MARGIN, y, { width: WIDTH, size: 8 });
    y += 24;
  }
  text(note.refund === 'balance' ? c.refund_balance : c.refund_bank, MARGIN, y, { width: WIDTH });
  return end();
}
