/**
 * The invoice as a PDF (pdfkit, A4): the seller, the customer's billing details with their VAT
 * number, number and dates, one line per server with its period and days, subtotal, VAT (or the
 * reverse-charge / outside-EU note), total, what is paid and open, and the bank details with the
 * invoice's transfer reference while it is open — in the account's language (invoice-pdf.i18n.ts), money in euros in that language's format.
 */
import { formatCents } from '@portside/contract/rules/money';
import { displayStatus, todayUtc } from '@portside/contract/rules/invoice-status';
import { fill, pdfTexts } from './invoice-pdf.i18n.js';
import { PDF_FONTS, PDF_MARGIN, PDF_WIDTH, startPdf } from './pdf-document.js';
import { drawBillTo, drawSeller, type BillTo } from './pdf-parts.js';
import { SELLER, type Seller } from './seller.js';

export type { BillTo } from './pdf-parts.js';

export interface InvoiceForPdf {
  number: string;
  /** The bank-transfer reference (invoices.reference; contract invoiceReference of the number). */
  reference: string;
  kind: 'order' | 'monthly' | 'deposit';
  order_id: number | null;
  period_start: string | null;
  issued_on: string;
  due_on: string;
  status: 'open' | 'paid' | 'void';
  subtotal_cents: number;
  /** numeric(5,2) as PostgreSQL sends it, e.g. '23.00'. */
  vat_percent: string | number;
  vat_note: 'reverse-charge' | 'outside-eu' | null;
  vat_cents: number;
  total_cents: number;
  paid_cents: number;
  bill_to: BillTo;
  lines: Array<{
    description: string;
    period_from: string | null;
    period_to: string | null;
    days: number | null;
    monthly_cents: number | null;
    amount_cents: number;
  }>;
}

/** The fonts every invoice is drawn in (pdf-document.ts), named here for the invoice's tests. */
export const INVOICE_FONTS = PDF_FONTS;

const MARGIN = PDF_MARGIN;
const WIDTH = PDF_WIDTH;
const COLS = { desc: MARGIN, days: MARGIN + 270, monthly: MARGIN + 310, amount: MARGIN + 405 };

/**
 * Renders the invoice in the account's `language` (an unknown one prints in English).
 */
export function renderInvoicePdf(
  inv: InvoiceForPdf,
  language: string,
  { seller = SELLER }: { seller?: Seller } = {},
): Promise<Buffer> {
  const t = pdfTexts(language);
  const { doc, text, end } = startPdf({ title: `${t.invoice} ${inv.number}`, author: seller.name });
  const money = (cents: number) => formatCents(cents, t.locale);
  const day = (d: string) =>
    new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

  // Seller (left) and the invoice's identity (right).
  let y = drawSeller(text, seller, t);
  text(t.invoice, MARGIN + 280, MARGIN, { bold: true, size: 20, width: WIDTH - 280, align: 'right' });
  const facts: Array<[string, string]> = [
    [t.number, inv.number],
    [t.issued_on, day(inv.issued_on)],
    [t.due_on, day(inv.due_on)],
    // The status as the portal shows it (overdue after the due day, partly paid), not the stored one.
    [t.status, t[displayStatus(inv, todayUtc())]],
  ];
  facts.forEach(([k, v], i) => {
    text(k, MARGIN + 280, MARGIN + 30 + i * 13, { width: 110 });
    text(v, MARGIN + 390, MARGIN + 30 + i * 13, { bold: true, width: WIDTH - 390, align: 'right' });
  });

  // Bill to, as the account's details were when the invoice was issued.
  y = drawBillTo(text, inv.bill_to, t, Math.max(y, MARGIN + 90) + 16);

  // What the invoice is for, then its lines.
  y += 14;
  const month = inv.period_start
    ? new Intl.DateTimeFormat(t.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${inv.period_start}T00:00:00Z`),
      )
    : '';
  text(fill(t[`kind_${inv.kind}`], { order: inv.order_id ?? '', month }), MARGIN, y, { bold: true, size: 11 });
  y += 20;
  const header = (at: number) => {
    text(t.description, COLS.desc, at, { bold: true });
    text(t.days, COLS.days, at, { bold: true, width: 35, align: 'right' });
    text(t.monthly, COLS.monthly, at, { bold: true, width: 90, align: 'right' });
    text(t.amount, COLS.amount, at, { bold: true, width: WIDTH - 405, align: 'right' });
    doc
      .moveTo(MARGIN, at + 13)
      .lineTo(MARGIN + WIDTH, at + 13)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    return at + 19;
  };
  y = header(y);
  for (const l of inv.lines) {
    if (y > 700) {
      doc.addPage();
      y = header(MARGIN);
    }
    text(l.description, COLS.desc, y, { width: 260 });
    const descHeight = doc.heightOfString(l.description, { width: 260 });
    if (l.period_from && l.period_to)
      text(fill(t.period, { from: day(l.period_from), to: day(l.period_to) }), COLS.desc, y + descHeight + 1, { size: 8 });
    text(l.days == null ? '' : String(l.days), COLS.days, y, { width: 35, align: 'right' });
    text(l.monthly_cents == null ? '' : money(l.monthly_cents), COLS.monthly, y, { width: 90, align: 'right' });
    text(money(l.amount_cents), COLS.amount, y, { width: WIDTH - 405, align: 'right' });
    y += descHeight + (l.period_from ? 14 : 4) + 6;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor('#999')
    .lineWidth(0.5)
    .stroke();
  y = totals(y + 8);

  function totals(at: number): number {
    if (at > 640) {
      doc.addPage();
      at = MARGIN;
    }
    const percent = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(Number(inv.vat_percent));
    const rows: Array<[string, number, boolean]> = [
      [t.subtotal, inv.subtotal_cents, false],
      [fill(t.vat, { percent }), inv.vat_cents, false],
      [t.total, inv.total_cents, true],
      [t.paid_amount, inv.paid_cents, false],
      [t.amount_due, Math.max(0, inv.total_cents - inv.paid_cents), true],
    ];
    for (const [label, cents, bold] of rows) {
      text(label, MARGIN + 280, at, { bold, width: 125 });
      text(money(cents), COLS.amount, at, { bold, width: WIDTH - 405, align: 'right' });
      at += 14;
    }
    return at;
  }

  y += 8;
  if (inv.vat_note) {
    text(inv.vat_note === 'reverse-charge' ? t.reverse_charge : t.outside_eu, MARGIN, y, { width: WIDTH, size: 8 });
    y += 24;
  }
  if (inv.status === 'open') {
    // The intro may take two lines (German, Portuguese): the rows start below it, all above the footer.
    const introHeight = doc.font('regular').fontSize(9).heightOfString(t.bank_intro, { width: WIDTH });
    const rowsAt = 14 + introHeight + 6;
    if (y + rowsAt + 5 * 12 > 770) {
      doc.addPage();
      y = MARGIN;
    }
    text(t.bank_title, MARGIN, y, { bold: true, size: 10 });
    text(t.bank_intro, MARGIN, y + 14, { width: WIDTH });
    const bank: Array<[string, string]> = [
      [t.account_holder, seller.name],
      [t.bank, seller.bank.name],
      ['IBAN', seller.bank.iban],
      ['BIC', seller.bank.bic],
      // The invoice's own reference, as the portal and the e-mail give it for this invoice.
      [t.reference, inv.reference],
    ];
    bank.forEach(([k, v], i) => {
      text(k, MARGIN, y + rowsAt + i * 12, { width: 110 });
      text(v, MARGIN + 110, y + rowsAt + i * 12, { bold: true });
    });
  }
  text(t.thanks, MARGIN, 780, { size: 8, width: WIDTH, align: 'center' });
  return end();
}
