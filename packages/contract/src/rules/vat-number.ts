/**
 * The VAT number of a billing address, checked against its country.
 *
 * - EU member states (and GB, CH, NO): the national format of VIES and the tax offices, e.g. PT
 *   9 digits, AT 'U' + 8 digits, NL 9 digits + 'B' + 2 digits. The number may be typed with or
 *   without its country prefix, in any case and grouped with spaces, dots or hyphens; it is
 *   stored normalised: prefix and national part, nothing between ('pt 123 456 789' →
 *   'PT123456789'). Greece's prefix is EL (GR is taken as EL); Switzerland's is CHE.
 * - Any other country (or no valid country yet): a tax id of 4–20 letters and digits, grouped
 *   with spaces, dots, slashes or hyphens; stored as typed (trimmed), since its format is unknown.
 *
 * Check digits are not verified: VIES is the authority on whether a number exists, and a local
 * check-digit rule would refuse the numbers already stored and shown on issued invoices.
 */
import type { MessageKey } from '../messages';
import type { CountryCode } from './countries';

/** A country's VAT number: the prefix it is stored with, the national part, and an example. */
export interface VatFormat {
  prefix: string;
  /** Other prefixes customers write for it (taken as `prefix`). */
  aliases?: readonly string[];
  /** The national part, upper case, without separators. */
  national: RegExp;
  /** A well-formed number as stored, shown as the field's hint. */
  example: string;
}

const f = (prefix: string, national: RegExp, example: string, aliases?: readonly string[]): VatFormat =>
  aliases ? { prefix, national, example, aliases } : { prefix, national, example };

/** The VAT number formats by billing country: the 27 EU member states, GB, CH and NO. */
export const VAT_FORMATS: Readonly<Partial<Record<CountryCode, VatFormat>>> = {
  AT: f('AT', /^U\d{8}$/, 'ATU12345678'),
  BE: f('BE', /^[01]\d{9}$/, 'BE0123456789'),
  BG: f('BG', /^\d{9,10}$/, 'BG123456789'),
  CY: f('CY', /^\d{8}[A-Z]$/, 'CY12345678L'),
  CZ: f('CZ', /^\d{8,10}$/, 'CZ12345678'),
  DE: f('DE', /^\d{9}$/, 'DE123456789'),
  DK: f('DK', /^\d{8}$/, 'DK12345678'),
  EE: f('EE', /^\d{9}$/, 'EE123456789'),
  ES: f('ES', /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, 'ESB12345678'),
  FI: f('FI', /^\d{8}$/, 'FI12345678'),
  FR: f('FR', /^[0-9A-HJ-NP-Z]{2}\d{9}$/, 'FR12345678901'),
  GR: f('EL', /^\d{9}$/, 'EL123456789', ['GR']),
  HR: f('HR', /^\d{11}$/, 'HR12345678901'),
  HU: f('HU', /^\d{8}$/, 'HU12345678'),
  IE: f('IE', /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, 'IE1234567T'),
  IT: f('IT', /^\d{11}$/, 'IT12345678901'),
  LT: f('LT', /^(?:\d{9}|\d{12})$/, 'LT123456789'),
  LU: f('LU', /^\d{8}$/, 'LU12345678'),
  LV: f('LV', /^\d{11}$/, 'LV12345678901'),
  MT: f('MT', /^\d{8}$/, 'MT12345678'),
  NL: f('NL', /^\d{9}B\d{2}$/, 'NL123456789B01'),
  PL: f('PL', /^\d{10}$/, 'PL1234567890'),
  PT: f('PT', /^\d{9}$/, 'PT123456789'),
  RO: f('RO', /^[1-9]\d{1,9}$/, 'RO12345678'),
  SE: f('SE', /^\d{10}01$/, 'SE123456789001'),
  SI: f('SI', /^\d{8}$/, 'SI12345678'),
  SK: f('SK', /^\d{10}$/, 'SK1234567890'),
  GB: f('GB', /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, 'GB123456789'),
  CH: f('CHE', /^\d{9}(?:MWST|TVA|IVA)?$/, 'CHE123456789'),
  NO: f('NO', /^\d{9}(?:MVA)?$/, 'NO123456789MVA'),
};

/** Letters and digits a tax id of another country may have. */
export const TAX_ID_ALPHANUMERICS = { min: 4, max: 20 } as const;

const SEPARATORS = /[\s.-]/g;
const TAX_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

/** The VAT number format of a billing country, or undefined when it has none of its own. */
export function vatFormatOf(country: string): VatFormat | undefined {
  return Object.prototype.hasOwnProperty.call(VAT_FORMATS, country) ? VAT_FORMATS[country as CountryCode] : undefined;
}

/** A well-formed VAT number of the country as it is stored (for the field's hint), or null. */
export function vatNumberExample(country: string): string | null {
  return vatFormatOf(country)?.example ?? null;
}

/** What {@link checkVatNumber} decided: the value to store, or the message key of the refusal. */
export type VatCheck = { ok: true; value: string } | { ok: false; key: MessageKey };

function checkFormatted(format: VatFormat, value: string): VatCheck {
  const compact = value.toUpperCase().replace(SEPARATORS, '');
  for (const prefix of [format.prefix, ...(format.aliases ?? [])]) {
    const rest = compact.startsWith(prefix) ? compact.slice(prefix.length) : null;
    if (rest !== null && format.national.test(rest)) return { ok: true, value: format.prefix + rest };
  }
  // Without a prefix (a French number may itself begin with the letters FR, so this comes second).
  if (format.national.test(compact)) return { ok: true, value: format.prefix + compact };
  return { ok: false, key: 'vat_number_invalid' };
}

function checkTaxId(value: string): VatCheck {
  const alphanumerics = value.replace(/[^A-Za-z0-9]/g, '').length;
  const ok = TAX_ID_PATTERN.test(value) && alphanumerics >= TAX_ID_ALPHANUMERICS.min && alphanumerics <= TAX_ID_ALPHANUMERICS.max;
  return ok ? { ok: true, value } : { ok: false, key: 'tax_number_invalid' };
}

/**
 * Checks a non-empty, trimmed VAT number for a billing country (an upper-case code; anything
 * else is checked as a tax id of another country) and answers the value to store.
 */
export function checkVatNumber(country: string, value: string): VatCheck {
  const format = vatFormatOf(country);
  return format ? checkFormatted(format, value) : checkTaxId(value);
}
