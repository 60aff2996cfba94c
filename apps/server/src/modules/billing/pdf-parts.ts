/**
 * The parts the invoice and the credit note PDFs share, so both look the same: the seller's block
 * at the top left and the account as billed ('Bill to'), in the document's language.
 */
import type { PdfTexts } from './invoice-pdf.i18n.js';
import { PDF_MARGIN as MARGIN, type PdfDrawing } from './pdf-document.js';
import type { Seller } from './seller.js';

/** The account as a document bills it (the invoice's bill_to, kept as it was on the day). */
export interface BillTo {
  name: string;
  company: string | null;
  address_lines: string[];
  country: string;
  vat_number: string | null;
}

/** The seller's name, address, VAT number and e-mail from the top margin; answers the y below it. */
export function drawSeller(text: PdfDrawing['text'], seller: Seller, t: PdfTexts): number {
  text(seller.name, MARGIN, MARGIN, { bold: true, size: 14 });
  let y = MARGIN + 20;
  for (const l of [...seller.addressLines, `${t.vat_number}: ${seller.vatNumber}`, seller.email]) {
    text(l, MARGIN, y);
    y += 12;
  }
  return y;
}

/** 'Bill to' and the account's details as billed (company, name, address, country, VAT number) from `y`; answers the y below them. */
export function drawBillTo(text: PdfDrawing['text'], billTo: BillTo, t: PdfTexts, y: number): number {
  text(t.bill_to, MARGIN, y, { bold: true, size: 10 });
  let at = y + 14;
  const country = new Intl.DisplayNames([t.locale], { type: 'region' }).of(billTo.country) ?? billTo.country;
  const lines = [billTo.company, billTo.name, ...billTo.address_lines, country].filter((x): x is string => !!x);
  if (billTo.vat_number) lines.push(`${t.vat_number}: ${billTo.vat_number}`);
  for (const l of lines) {
    text(l, MARGIN, at);
    at += 12;
  }
  return at;
}
