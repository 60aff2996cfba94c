/**
 * Interface language rules (spec 1 §2, §5): only the six supported codes, English otherwise.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

/** Whether `x` is exactly one of the supported language codes (no normalisation). */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/**
 * Turns any value (a cookie, a browser locale, a profile field) into a supported language.
 * It trims, lower-cases and keeps the part before the first '-' or '_', so 'pt-BR', 'PT_pt' and
 * ' De ' give 'pt', 'pt' and 'de'. Anything else, including non-strings, gives 'en'.
 */
export function normalizeLocale(x: unknown): Language {
  if (typeof x !== 'string') return DEFAULT_LANGUAGE;
  const base = x.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = {
  PL: 'pl',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  PT: 'pt',
  BR: 'pt',
  IN: 'hi',
  FI: 'fi',
};

/**
 * The language to offer a visitor from a country (ISO 3166-1 alpha-2, any case), used by the
 * welcome page (/welcome/:originCountry). Countries without a supported language give 'en'.
 */
export function languageForCountry(countryCode: string): Language {
  const code = typeof countryCode === 'string' ? countryCode.trim().toUpperCase() : '';
  return COUNTRY_LANGUAGE[code] ?? DEFAULT_LANGUAGE;
}
