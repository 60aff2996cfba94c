import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, toWinAnsi, type InvoiceForPdf } from './invoice-pdf.js';

const INVOICE: InvoiceForPdf = {
  number: 'PS-2026-000042',
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

describe('the invoice PDF with the built-in fonts', () => {
  it('folds letters WinAnsi lacks and keeps those it has', () => {
    expect(toWinAnsi('Do zapłaty: Łódź, ąę — 1\u202f234,56 € (Müller, São)')).toBe(
      'Do zaplaty: Lódz, ae — 1\u00a0234,56 € (Müller, São)',
    );
  });

  it('prints a Polish invoice readably, with the reverse-charge note and no bank details once paid', async () => {
    const pdf = await renderInvoicePdf(INVOICE, 'pl', { fonts: null });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s/g, ' ');
    for (const piece of [
      'Faktura',
      'Zamówienie 5001',
      'Lukasz Zólc',
      'NIP: PL5260250274',
      'Do zaplaty',
      '1234,56 €',
      'Odwrotne obciazenie',
      'Oplacona',
    ]) {
      expect(flat).toContain(piece);
    }
    expect(flat).not.toContain('IBAN');
  });
});
