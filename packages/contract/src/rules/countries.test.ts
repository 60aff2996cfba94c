import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CALLING_CODES,
  COUNTRY_CODES,
  COUNTRY_DIAL_CODES,
  EU_COUNTRIES,
  dialCodeOf,
  isCountryCode,
  normalizeCountry,
  type CountryCode,
} from './countries';

describe('the country list', () => {
  it('holds upper-case two-letter codes with a plus and 1-4 digits as calling code', () => {
    expect(COUNTRY_CODES.length).toBe(244);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(COUNTRY_DIAL_CODES[code]).toMatch(/^\+\d{1,4}$/);
    }
    expect([...COUNTRY_CODES]).toEqual([...COUNTRY_CODES].sort());
  });

  it('names the 27 EU member states, all of them in the list, Greece as GR', () => {
    expect(EU_COUNTRIES.size).toBe(27);
    for (const code of EU_COUNTRIES) expect(isCountryCode(code), code).toBe(true);
    expect(EU_COUNTRIES.has('GR')).toBe(true);
    expect(isCountryCode('EL')).toBe(false);
    for (const outside of ['GB', 'CH', 'NO', 'US', 'XK'] as CountryCode[]) expect(EU_COUNTRIES.has(outside), outside).toBe(false);
  });

  it('knows the calling codes of the demo countries', () => {
    expect(dialCodeOf('PT')).toBe('+351');
    expect(dialCodeOf(' de ')).toBe('+49');
    expect(dialCodeOf('XX')).toBeUndefined();
    expect(CALLING_CODES.has('+1')).toBe(true);
    expect(CALLING_CODES.has('+999')).toBe(false);
  });
});

describe('normalizeCountry', () => {
  it('upper-cases a code of the list', () => {
    expect(normalizeCountry('pt')).toBe('PT');
    expect(normalizeCountry('De')).toBe('DE');
    expect(normalizeCountry('US')).toBe('US');
  });

  it.each(['Narnia', 'XX', 'pt ', ' PT', 'P T', 'Portugal', 'PRT', 'EL', '', 'P', '12', "P'", 'ÅL'])('refuses %j', (v) => {
    expect(normalizeCountry(v)).toBeNull();
  });

  it('accepts exactly the list, in any case, and nothing else of two letters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{2}$/), (v) => {
        const known = (COUNTRY_CODES as readonly string[]).includes(v.toUpperCase());
        expect(normalizeCountry(v)).toBe(known ? v.toUpperCase() : null);
      }),
    );
  });

  it('refuses anything that is not two letters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }).filter((v) => !/^[A-Za-z]{2}$/.test(v)),
        (v) => {
          expect(normalizeCountry(v)).toBeNull();
        },
      ),
    );
  });
});
