import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EU_COUNTRIES, type CountryCode } from './countries';
import { VAT_FORMATS, checkVatNumber, vatNumberExample } from './vat-number';

const ok = (value: string) => ({ ok: true, value });
const bad = (key: string) => ({ ok: false, key });

describe('checkVatNumber in an EU country', () => {
  it.each([
    ['PT', 'PT123456789', 'PT123456789'],
    ['PT', '123456789', 'PT123456789'],
    ['PT', 'pt 123.456-789', 'PT123456789'],
    ['DE', 'DE 811 907 980', 'DE811907980'],
    ['PL', '526-025-02-74', 'PL5260250274'],
    ['FI', 'FI12345678', 'FI12345678'],
    ['FR', 'FR 12 345678901', 'FR12345678901'],
    ['FR', 'AB123456789', 'FRAB123456789'],
    ['NL', 'nl123456789b01', 'NL123456789B01'],
    ['AT', 'U12345678', 'ATU12345678'],
    ['GR', '123456789', 'EL123456789'],
    ['GR', 'GR123456789', 'EL123456789'],
    ['GR', 'EL 123 456 789', 'EL123456789'],
    ['ES', 'B12345678', 'ESB12345678'],
    ['IE', '1234567TW', 'IE1234567TW'],
    ['SE', '123456789001', 'SE123456789001'],
    ['BE', '0123.456.789', 'BE0123456789'],
    ['CH', 'CHE-123.456.789 MWST', 'CHE123456789MWST'],
    ['NO', '123 456 789 MVA', 'NO123456789MVA'],
    ['GB', 'GB 123 4567 89', 'GB123456789'],
  ])('%s accepts %j as %j', (country, input, stored) => {
    expect(checkVatNumber(country, input)).toEqual(ok(stored));
  });

  it.each([
    ['PT', 'PT12345678'],
    ['PT', 'PT1234567890'],
    ['PT', 'DE123456789'],
    ['DE', '12345678'],
    ['PL', 'PL123456789'],
    ['FI', '123456789'],
    ['NL', '123456789'],
    ['AT', '12345678'],
    ['GR', 'XX123456789'],
    ['ES', '123456789'],
    ['SE', '123456789012'],
    ['PT', '<script>alert(1)</script>'],
    ['PT', "123456789' OR 1=1"],
  ])('%s refuses %j', (country, input) => {
    expect(checkVatNumber(country, input)).toEqual(bad('vat_number_invalid'));
  });

  it('has a format for every EU member state, and each example passes as stored', () => {
    for (const code of EU_COUNTRIES) expect(VAT_FORMATS[code], code).toBeDefined();
    for (const [country, format] of Object.entries(VAT_FORMATS)) {
      expect(checkVatNumber(country, format.example), country).toEqual(ok(format.example));
      expect(vatNumberExample(country)).toBe(format.example);
    }
    expect(vatNumberExample('US')).toBeNull();
  });

  it('stores any well-formed number as prefix + national part, however it was typed, and the stored form again as itself', () => {
    const countries = Object.keys(VAT_FORMATS) as CountryCode[];
    const sample = fc.constantFrom(...countries).chain((country) => {
      const format = VAT_FORMATS[country]!;
      return fc.record({
        country: fc.constant(country),
        national: fc.stringMatching(format.national),
        withPrefix: fc.boolean(),
        sep: fc.constantFrom('', ' ', '.', '-'),
        lower: fc.boolean(),
      });
    });
    fc.assert(
      fc.property(sample, ({ country, national, withPrefix, sep, lower }) => {
        const prefix = VAT_FORMATS[country]!.prefix;
        const typed = (withPrefix ? prefix + sep : '') + national.split('').join(sep);
        const r = checkVatNumber(country, lower ? typed.toLowerCase() : typed);
        expect(r).toEqual(ok(prefix + national));
        expect(checkVatNumber(country, prefix + national)).toEqual(ok(prefix + national));
      }),
    );
  });
});

describe('checkVatNumber elsewhere: a tax id', () => {
  it.each([
    ['US', '12-3456789'],
    ['BR', '12.345.678/0001-90'],
    ['IN', '22AAAAA0000A1Z5'],
    ['JP', '1234'],
    ['', 'ABC123'],
  ])('%s keeps %j as typed', (country, input) => {
    expect(checkVatNumber(country, input)).toEqual(ok(input));
  });

  it.each([
    ['US', '123'],
    ['US', '1'.repeat(21)],
    ['US', '<b>1234</b>'],
    ['US', '12;34'],
    ['US', '-1234'],
    ['CA', '12 34 ?'],
  ])('%s refuses %j', (country, input) => {
    expect(checkVatNumber(country, input)).toEqual(bad('tax_number_invalid'));
  });
});
