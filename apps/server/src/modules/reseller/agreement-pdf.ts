/**
 * The reseller agreement as a PDF (issue 17): the provider and the reseller (company, address, VAT
 * number, e-mail, account), the date, the terms with the commission percent and the contract
 * months, and signature lines for both sides — drawn with billing's PDF helpers and fonts, in the
 * account's language (agreement-pdf.i18n.ts).
 */
import { fill, pdfTexts } from '../billing/invoice-pdf.i18n.js';
import { PDF_BOTTOM, PDF_MARGIN as MARGIN, PDF_WIDTH as WIDTH, startPdf } from '../billing/pdf-document.js';
import { SELLER, type Seller } from '../billing/seller.js';
import { agreementTexts } from './agreement-pdf.i18n.js';

/** The reseller's side of the agreement, as its account's details are when it is generated. */
export interface AgreementParty {
  client: string;
  name: string;
  company: string | null;
  address_lines: string[];
  /** ISO 3166-1 alpha-2. */
  country: string;
  vat_number: string | null;
  email: string;
}

export interface AgreementForPdf {
  reseller: AgreementParty;
  commission_percent: number;
  months: number;
  /** The day it is generated, 'YYYY-MM-DD'. */
  date: string;
}

/** Renders the agreement in `language` (an unknown one prints in English). */
export function renderAgreementPdf(
  a: AgreementForPdf,
  language: string,
  { seller = SELLER }: { seller?: Seller } = {},
): Promise<Buffer> {
  const t = agreementTexts(language);
  const { locale, vat_number: vatLabel } = pdfTexts(language);
  const { doc, text, heightOf, end } = startPdf({ title: t.title, author: seller.name });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${a.date}T00:00:00Z`));
  const countryName = (code: string) => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  const r = a.reseller;
  // The footer of every page: which account and when, and what to do with the document.
  const footer = () => {
    text(fill(t.footer_account, { client: r.client, date }), MARGIN, 766, { size: 7, width: WIDTH, align: 'center' });
    text(t.footer_upload, MARGIN, 776, { size: 7, width: WIDTH, align: 'center' });
  };
  let y = MARGIN;
  /** Starts a new page when `height` no longer fits above the footer. */
  const room = (height: number) => {
    if (y + height > PDF_BOTTOM) {
      footer();
      doc.addPage();
      y = MARGIN;
    }
  };

  text(t.title, MARGIN, y, { bold: true, size: 20 });
  y += 34;
  text(fill(t.between, { date }), MARGIN, y, { size: 10, width: WIDTH });
  y += 24;

  // The two parties side by side: the provider left, the reseller right.
  const col = WIDTH / 2 - 10;
  const party = (x: number, heading: string, lines: string[]) => {
    let at = y;
    text(heading, x, at, { bold: true, size: 10 });
    at += 15;
    for (const l of lines) {
      text(l, x, at, { width: col });
      at += heightOf(l, { width: col }) + 2;
    }
    return at;
  };
  const resellerLines = [
    r.company ?? r.name,
    ...(r.company ? [r.name] : []),
    ...r.address_lines,
    countryName(r.country),
    ...(r.vat_number ? [`${vatLabel}: ${r.vat_number}`] : []),
    `${t.email}: ${r.email}`,
    `${t.account}: ${r.client}`,
  ];
  const left = party(MARGIN, t.provider, [seller.name, ...seller.addressLines, `${vatLabel}: ${seller.vatNumber}`, seller.email]);
  const right = party(MARGIN + col + 20, t.reseller, resellerLines);
  y = Math.max(left, right) + 18;

  text(t.terms_title, MARGIN, y, { bold: true, size: 12 });
  y += 20;
  t.clauses.forEach((clause, i) => {
    const body = fill(clause, { months: a.months, percent: a.commission_percent });
    const h = heightOf(body, { width: WIDTH - 20, size: 10 });
    room(h);
    text(`${i + 1}.`, MARGIN, y, { size: 10 });
    text(body, MARGIN + 20, y, { width: WIDTH - 20, size: 10 });
    y += h + 8;
  });

  // Signature lines: name, place and date, signature — for each side.
  room(170);
  y += 10;
  text(t.sign_title, MARGIN, y, { bold: true, size: 12 });
  y += 26;
  const sign = (x: number, heading: string) => {
    text(heading, x, y, { bold: true, size: 10 });
    [t.name_line, t.place_date, t.signature].forEach((label, i) => {
      const lineY = y + 42 + i * 36;
      doc
        .moveTo(x, lineY)
        .lineTo(x + col, lineY)
        .strokeColor('#555')
        .lineWidth(0.6)
        .stroke();
      text(label, x, lineY + 3, { size: 8 });
    });
  };
  sign(MARGIN, t.for_provider);
  sign(MARGIN + col + 20, t.for_reseller);

  footer();
  return end();
}
