/**
 * The one way the portal draws a PDF (pdfkit, A4): the embedded fonts, the page's margins and a
 * text helper, used by the invoice (invoice-pdf.ts) and the reseller agreement, so every document
 * the provider hands out looks the same and none needs a layout engine of its own.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The fonts every document is drawn in, shipped with the server's dependencies so that a PDF looks
 * the same whatever the machine has installed: Noto Sans covers Latin with its extensions (Polish,
 * German, Portuguese, Finnish letters), the euro sign and Devanagari with its shaping rules, so a
 * Hindi document needs no second font. pdfkit embeds only the glyphs a document uses.
 */
const require = createRequire(import.meta.url);
export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
} as const;

/** A4 with 50 pt margins: the text width between them. */
export const PDF_MARGIN = 50;
export const PDF_WIDTH = 595.28 - 2 * PDF_MARGIN;
/** Where the last line of a page's text may start (above the footer line at 780). */
export const PDF_BOTTOM = 760;

export type TextOptions = PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number };

/** A document being drawn, its text helper, and its bytes once ended. */
export interface PdfDrawing {
  doc: PDFKit.PDFDocument;
  /** Writes `value` at (x, y) in the house style (9 pt, dark grey); wraps only when given a width. */
  text: (value: string, x: number, y: number, o?: TextOptions) => void;
  /** The height `value` takes in that style and width. */
  heightOf: (value: string, o: TextOptions & { width: number }) => number;
  /** Ends the document and answers its bytes. */
  end: () => Promise<Buffer>;
}

/** Starts an A4 document with the portal's fonts registered. */
export function startPdf(info: { title: string; author: string }): PdfDrawing {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info: { Title: info.title, Author: info.author } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  const style = (o: TextOptions) =>
    doc
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size ?? 9)
      .fillColor('#222');
  return {
    doc,
    text: (value, x, y, o = {}) => {
      style(o).text(value, x, y, { lineBreak: !!o.width, ...o });
    },
    heightOf: (value, o) => style(o).heightOfString(value, o),
    end: () => {
      doc.end();
      return done;
    },
  };
}
