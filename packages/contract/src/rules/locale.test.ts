import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LANGUAGES } from '../constants';
import { isLanguage, languageForCountry, normalizeLocale } from './locale';

describe('normalizeLocale', () => {
  it('keeps each supported code', () => {
    for (const l of LANGUAGES) expect(normalizeLocale(l)).toBe(l);
  });

  it('trims and lower-cases', () => {
    expect(normalizeLocale(' DE ')).toBe('de');
    expect(normalizeLocale('Fi')).toBe('fi');
  });

  it('takes the language part of a regional locale', () => {
    expect(normalizeLocale('pt-BR')).toBe('pt');
    expect(normalizeLocale('pl_PL')).toBe('pl');
    expect(normalizeLocale('en-GB')).toBe('en');
  });

  it('falls back to en for unsupported codes and non-strings', () => {
    for (const x of ['fr', 'es-ES', '', '-', 'english', 'ptx', null, undefined, 42, {}, ['pl']]) {
      expect(normalizeLocale(x)).toBe('en');
    }
  });

  it('always gives a supported language', () => {
    fc.assert(fc.property(fc.anything(), (x) => LANGUAGES.includes(normalizeLocale(x))));
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalizeLocale(normalizeLocale(s)) === normalizeLocale(s)));
  });
});

describe('isLanguage', () => {
  it('accepts the six codes exactly', () => {
    for (const l of LANGUAGES) expect(isLanguage(l)).toBe(true);
  });

  it('refuses variants and other values', () => {
    for (const x of ['EN', ' en', 'pt-BR', 'fr', '', null, 1]) expect(isLanguage(x)).toBe(false);
  });
});

describe('languageForCountry', () => {
  it.each([
    ['PL', 'pl'],
    ['DE', 'de'],
    ['AT', 'de'],
    ['CH', 'de'],
    ['PT', 'pt'],
    ['BR', 'pt'],
    ['IN', 'hi'],
    ['FI', 'fi'],
    ['pt', 'pt'],
    [' at ', 'de'],
  ])('maps %s to %s', (country, language) => {
    expect(languageForCountry(country)).toBe(language);
  });

  it('gives en for other countries and rubbish', () => {
    for (const c of ['US', 'GB', 'FR', '', 'XYZ']) expect(languageForCountry(c)).toBe('en');
  });
});
