import fs from 'node:fs';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { invoiceReference } from '@portside/contract/rules/payment-reference';
import { INVOICE_FONTS, renderInvoicePdf, type InvoiceForPdf } from './invoice-pdf.js';
import { pdfTexts } from './invoice-pdf.i18n.js';

const INVOICE: InvoiceForPdf = {
  number: 'PS-2026-000042',
  reference: invoiceReference('PS-2026-000042'),
  kind: 'order',
  order_id: 5001,
  period_start: null,
  issued_on: '2026-11-20',
  due_on: '2026-12-04',
  status: 'paid',
  subtotal_cents: 123456,
  vat_percent: '0.00',
  vat_note: 'reverse-charge',
  vat_cents: 0,
  total_cents: 123456,
  paid_cents: 123456,
  bill_to: {
    name: 'Łukasz Żółć',
    company: null,
    address_lines: ['ul. Długa 5', '00-238 Warszawa'],
    country: 'PL',
    vat_number: 'PL5260250274',
  },
  lines: [
    {
      description: 'app.example · S2R4 · Lisbon',
      period_from: '2026-11-20',
      period_to: '2026-11-30',
      days: 11,
      monthly_cents: 1000,
      amount_cents: 123456,
    },
  ],
};

/** The PDF's text as a reader extracts it (through the fonts' ToUnicode maps), whitespace flattened. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s/g, ' ');
}

describe('the invoice PDF with the embedded Noto Sans', () => {
  it('uses fonts shipped with the dependencies, never one of the machine', () => {
    for (const file of Object.values(INVOICE_FONTS)) {
      expect(file).toMatch(/node_modules\/@expo-google-fonts\/noto-sans\/.+\.ttf$/);
      expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    }
  });

  it('prints a Polish invoice with every letter, the reverse-charge note and no bank details once paid', async () => {
    const flat = await pdfText(await renderInvoicePdf(INVOICE, 'pl'));
    for (const piece of [
      'Faktura',
      'Zamówienie 5001',
      'Łukasz Żółć',
      'ul. Długa 5',
      'NIP: PL5260250274',
      'Do zapłaty',
      '1234,56 €',
      'Odwrotne obciążenie',
      'Opłacona',
    ]) {
      expect(flat).toContain(piece);
    }
    expect(flat).not.toContain('IBAN');
  });

  it('prints a Hindi invoice in Devanagari, not in English, with the bank details while it is open', async () => {
    // (Due in the far future: past its due day it would say overdue.)
    const open = { ...INVOICE, status: 'open' as const, paid_cents: 0, due_on: '2999-12-04' };
    const pdf = await renderInvoicePdf(open, 'hi');
    const flat = await pdfText(pdf);
    // Words whose letters keep their order when shaped: a pre-base vowel sign (ि) or a reph (र्) is
    // drawn away from its place in the text, and a reader extracts the glyphs in their drawn order.
    for (const piece of ['चालान', 'खुला', 'कुल', 'बैंक', 'खाताधारक', 'भुगतान', 'देय', 'IBAN', 'PS-2026-000042-87']) {
      expect(flat).toContain(piece);
    }
    expect(flat).not.toMatch(/Invoice|Amount due|Bank/);
    // The font is embedded (a subset), so no reader needs a Devanagari font of its own.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('says overdue after the due day, as the portal does, and partly paid before it', async () => {
    const past = { ...INVOICE, status: 'open' as const, paid_cents: 0, due_on: '2020-01-15' };
    expect(await pdfText(await renderInvoicePdf(past, 'en'))).toContain('Overdue');
    const partly = { ...INVOICE, status: 'open' as const, paid_cents: 100, due_on: '2999-01-15' };
    const flat = await pdfText(await renderInvoicePdf(partly, 'de'));
    expect(flat).toContain('Teilweise bezahlt');
    expect(flat).not.toContain('Überfällig');
  });

  it('asks for the invoice’s transfer reference, not its bare number, while it is open', async () => {
    const open = { ...INVOICE, status: 'open' as const, paid_cents: 0, due_on: '2999-12-04' };
    const flat = await pdfText(await renderInvoicePdf(open, 'en'));
    expect(flat).toContain('Reference PS-2026-000042-87');
    expect(flat).toContain('quoting the reference below');
    expect(flat).not.toContain('quoting the invoice number');
  });

  it('names each status in the words of the portal’s billing page, in every language', () => {
    for (const lang of LANGUAGES) {
      const web = JSON.parse(
        fs.readFileSync(new URL(`../../../../web/src/locales/${lang}/billing.json`, import.meta.url), 'utf8'),
      ).status as Record<string, string>;
      const t = pdfTexts(lang);
      for (const status of ['open', 'paid', 'void', 'partly_paid', 'overdue'] as const)
        expect(t[status], `${lang} ${status}`).toBe(web[status]);
    }
  });

  it('has texts for every language of the portal, each in its own words', () => {
    const invoiceWords = LANGUAGES.map((l) => pdfTexts(l).invoice);
    expect(new Set(invoiceWords).size).toBe(LANGUAGES.length);
  });
});
