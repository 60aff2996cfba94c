import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { SELLER } from '../billing/seller.js';
import { renderAgreementPdf, type AgreementForPdf } from './agreement-pdf.js';
import { agreementTexts } from './agreement-pdf.i18n.js';

const AGREEMENT: AgreementForPdf = {
  reseller: {
    client: '0b6c7f5e-3d2a-4c1b-9a8f-7e6d5c4b3a21',
    name: 'Łukasz Żółć',
    company: 'Żółć Hosting sp. z o.o.',
    address_lines: ['ul. Długa 5', '00-238 Warszawa'],
    country: 'PL',
    vat_number: 'PL5260250274',
    email: 'lukasz@zolc.example',
  },
  commission_percent: 12,
  months: 24,
  date: '2026-11-20',
};

/** The PDF's text as a reader extracts it, whitespace flattened. */
async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('the reseller agreement PDF', () => {
  it('names both parties, the date, the commission, the period and has signature lines (Polish)', async () => {
    const pdf = await renderAgreementPdf(AGREEMENT, 'pl');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    for (const piece of [
      'Umowa partnera handlowego',
      '20 listopada 2026',
      SELLER.name,
      SELLER.vatNumber,
      'Żółć Hosting sp. z o.o.',
      'Łukasz Żółć',
      'ul. Długa 5',
      'Polska',
      'NIP: PL5260250274',
      'lukasz@zolc.example',
      AGREEMENT.reseller.client,
      '12 %',
      '24 miesięcy',
      'W imieniu dostawcy',
      'W imieniu partnera handlowego',
      'Podpis',
    ]) {
      expect(text, piece).toContain(piece);
    }
    expect(pages).toBe(1);
  });

  it('prints a person without a company or VAT number in English', async () => {
    const person = { ...AGREEMENT.reseller, company: null, vat_number: null, country: 'PT', name: 'Rita Register' };
    const { text } = await pdfText(await renderAgreementPdf({ ...AGREEMENT, reseller: person, commission_percent: 10 }, 'xx'));
    for (const piece of [
      'Reseller agreement',
      'Rita Register',
      'Portugal',
      '10 %',
      '24 months',
      'For the reseller',
      'Signature',
    ]) {
      expect(text, piece).toContain(piece);
    }
    expect(text).not.toContain('PL5260250274');
  });

  it('has the same clauses in every language, each with the percent and the months', () => {
    for (const l of LANGUAGES) {
      const t = agreementTexts(l);
      expect(t.clauses.length, l).toBe(agreementTexts('en').clauses.length);
      expect(t.clauses.join(' '), l).toContain('{percent}');
      expect(t.clauses.join(' '), l).toContain('{months}');
      if (l !== 'en') expect(t.title, l).not.toBe(agreementTexts('en').title);
    }
  });

  it('fits one page in every language, the footer included (nothing spills onto a page of its own)', async () => {
    for (const l of LANGUAGES) {
      const { pages } = await pdfText(await renderAgreementPdf(AGREEMENT, l));
      expect(pages, l).toBe(1);
    }
  });
});
