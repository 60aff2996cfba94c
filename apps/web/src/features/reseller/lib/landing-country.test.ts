import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { languageForCountry } from '@portside/contract/rules/locale';
import { COUNTRY_CODES } from '@portside/contract/rules/countries';
import { LANDING_COUNTRY } from './landing-country';

describe('the landing country of a link', () => {
  it.each([...LANGUAGES])('for %s is a country whose landing page speaks %s', (lng) => {
    expect((COUNTRY_CODES as readonly string[]).includes(LANDING_COUNTRY[lng])).toBe(true);
    expect(languageForCountry(LANDING_COUNTRY[lng])).toBe(lng);
  });

  it('and a country of no supported language lands in English, never in an error', () => {
    for (const c of ['US', 'FR', 'JP', 'zz', '']) expect(languageForCountry(c)).toBe('en');
  });
});
