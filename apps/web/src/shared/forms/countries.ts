/**
 * The country select of the billing address: the contract's country list (rules/countries — the
 * codes the server accepts), named and sorted in the interface language with `Intl.DisplayNames`,
 * so every locale gets its own country names without six copies of the list.
 */
import { COUNTRY_CODES, COUNTRY_DIAL_CODES, dialCodeOf } from '@portside/contract/rules/countries';

export { dialCodeOf };

/** One option of the country select. */
export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, the value sent to the server. */
  code: string;
  /** The country's name in the interface language. */
  name: string;
  /** International calling code with a leading plus, e.g. '+351'. */
  dialCode: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country, named and sorted in the given interface language (cached per language). */
export function countryOptions(language: string): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const options = COUNTRY_CODES.map((code) => ({ code, dialCode: COUNTRY_DIAL_CODES[code], name: names?.of(code) ?? code })).sort(
    (a, b) => a.name.localeCompare(b.name, language),
  );
  cache.set(language, options);
  return options;
}
