/**
 * The rules of a billing address that registration (registerSchema) and the billing-address call
 * (profileUpdateBillingAddressSchema) share: the country, phone and VAT fields, and the checks
 * that read two fields at once. Both schemas use exactly these, so the forms and the server
 * refuse and normalise the same way. See rules/countries, rules/phone and rules/vat-number.
 */
import { z } from '../zod';
import { normalizeCountry } from '../rules/countries';
import { normalizePhonePrefix, validatePhoneNumber, validatePhonePrefix, validatePhoneTotal } from '../rules/phone';
import { checkVatNumber } from '../rules/vat-number';
import { TEXT_MAX, optionalText, requiredCode, requiredText } from './fields';

/** The country: a code of the country list in any case, stored upper-case ('pt' → 'PT'); nothing else. */
export const countryField = requiredCode('country_empty', TEXT_MAX.country, (v) =>
  normalizeCountry(v) === null ? 'country_invalid' : null,
).toUpperCase();

/** The phone prefix: a calling code of the list, stored with its plus ('351' → '+351'). */
export const phonePrefixField = requiredText('phone_prefix_empty', TEXT_MAX.phonePrefix, validatePhonePrefix).overwrite(
  (v) => normalizePhonePrefix(v) ?? v,
);

/** The national phone number: 4–14 digits, grouped with spaces, hyphens or parentheses; stored as typed. */
export const phoneNumberField = requiredText('phone_number_empty', TEXT_MAX.phoneNumber, validatePhoneNumber);

/** The optional VAT number; its format depends on the country, so {@link billingAddressCheck} checks it. */
export const vatNumberField = optionalText(TEXT_MAX.vatNumber);

/** The fields the cross-field rules read. */
export interface BillingAddressValues {
  p_country: string;
  p_phone_prefix: string;
  p_phone_number: string;
  p_vat_number?: string | undefined;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The VAT number's verdict, or null for none given (or one too long, which its field refuses). */
function vatVerdict(country: unknown, vat: unknown) {
  const value = str(vat);
  if (value === null || value === '' || value.length > TEXT_MAX.vatNumber) return null;
  // An invalid country has its own message; the number is then only held to the general tax-id rule.
  return checkVatNumber(normalizeCountry(str(country) ?? '') ?? '', value);
}

/**
 * The checks that read two fields: the VAT number against the country's format (message on
 * p_vat_number), and the calling code and number together at most 15 digits (on p_phone_number).
 * They run even when other fields have issues, so a form shows every problem at once.
 */
export const billingAddressCheck = z.superRefine<BillingAddressValues>(
  (v, ctx) => {
    const body = v as unknown as Record<string, unknown>;
    const prefix = str(body.p_phone_prefix);
    const number = str(body.p_phone_number);
    const total = prefix !== null && number !== null ? validatePhoneTotal(prefix, number) : null;
    if (total) ctx.addIssue({ code: 'custom', message: total, path: ['p_phone_number'], input: number });
    const vat = vatVerdict(body.p_country, body.p_vat_number);
    if (vat && !vat.ok) ctx.addIssue({ code: 'custom', message: vat.key, path: ['p_vat_number'], input: body.p_vat_number });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** Stores the VAT number normalised for its country ('pt 123.456.789' → 'PT123456789'); runs on a valid body only. */
export function normalizeBillingAddress<T extends BillingAddressValues>(v: T): T {
  const vat = vatVerdict(v.p_country, v.p_vat_number);
  return vat && vat.ok ? { ...v, p_vat_number: vat.value } : v;
}
