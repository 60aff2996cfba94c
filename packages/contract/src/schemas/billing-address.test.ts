import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VAT_FORMATS } from '../rules/vat-number';
import { registerSchema, type RegisterInput } from './auth';
import { fieldErrors } from './issues';
import { BILLING_ADDRESS_FIELDS, profileUpdateBillingAddressSchema, type ProfileUpdateBillingAddressInput } from './settings';

const address: ProfileUpdateBillingAddressInput = {
  p_company_name: 'Nova Lda',
  p_address: 'Rua Nova 1',
  p_address2: '',
  p_city: 'Porto',
  p_country: 'PT',
  p_state: 'Porto',
  p_postcode: '4000-001',
  p_phone_prefix: '+351',
  p_phone_number: '912000000',
  p_vat_number: '',
};
const registration: RegisterInput = {
  ...address,
  p_first_name: 'Ana',
  p_last_name: 'Silva',
  p_email: 'ana@example.pt',
  p_password: 'secret1',
  p_password_confirm: 'secret1',
};

/** The billing fields' errors and output of both schemas for the same billing values. */
function both(over: Record<string, unknown>) {
  const pick = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => (BILLING_ADDRESS_FIELDS as readonly string[]).includes(k)));
  const run = (schema: typeof profileUpdateBillingAddressSchema | typeof registerSchema, body: object) => {
    const r = schema.safeParse({ ...body, ...over });
    return r.success ? { data: pick(r.data) } : { errors: pick(fieldErrors(r.error)) };
  };
  const mine = run(profileUpdateBillingAddressSchema, address);
  expect(run(registerSchema, registration)).toEqual(mine);
  return mine;
}

describe('the billing address rules (registration and ProfileUpdateBillingAddress alike)', () => {
  it('stores the country upper-case, the calling code with its plus and the VAT number normalised', () => {
    expect(both({ p_country: 'pt', p_phone_prefix: '351', p_vat_number: ' pt 123.456.789 ' }).data).toMatchObject({
      p_country: 'PT',
      p_phone_prefix: '+351',
      p_vat_number: 'PT123456789',
    });
    expect(both({ p_country: 'gr', p_vat_number: '123456789' }).data).toMatchObject({
      p_country: 'GR',
      p_vat_number: 'EL123456789',
    });
  });

  it.each(['Narnia', 'XX', 'pt ', ' PT', 'Portugal', 'P', "PT'--"])('refuses the country %j with country_invalid', (country) => {
    expect(both({ p_country: country }).errors).toEqual({ p_country: 'country_invalid' });
  });

  it('refuses calling codes that are not on the list and numbers that are not phone numbers', () => {
    expect(both({ p_phone_prefix: '+999' }).errors).toEqual({ p_phone_prefix: 'phone_prefix_invalid' });
    expect(both({ p_phone_prefix: 'Portugal' }).errors).toEqual({ p_phone_prefix: 'phone_prefix_invalid' });
    expect(both({ p_phone_number: '12' }).errors).toEqual({ p_phone_number: 'phone_number_invalid' });
    expect(both({ p_phone_number: '<b>912</b>' }).errors).toEqual({ p_phone_number: 'phone_number_invalid' });
    expect(both({ p_phone_number: '9120001112223' }).errors).toEqual({ p_phone_number: 'phone_number_too_long' });
    expect(both({ p_phone_prefix: '+1', p_phone_number: '20 2555 0123' }).data).toMatchObject({
      p_phone_prefix: '+1',
      p_phone_number: '20 2555 0123',
    });
  });

  it('checks the VAT number against the country: the EU format, or a tax id outside the EU', () => {
    expect(both({ p_vat_number: 'PT12345' }).errors).toEqual({ p_vat_number: 'vat_number_invalid' });
    expect(both({ p_country: 'DE', p_vat_number: 'PT123456789' }).errors).toEqual({ p_vat_number: 'vat_number_invalid' });
    expect(both({ p_country: 'US', p_vat_number: '12-3456789' }).data).toMatchObject({
      p_country: 'US',
      p_vat_number: '12-3456789',
    });
    expect(both({ p_country: 'US', p_vat_number: '<script>' }).errors).toEqual({ p_vat_number: 'tax_number_invalid' });
    // One message per field: a VAT number that is too long only says so.
    expect(both({ p_vat_number: 'v'.repeat(33) }).errors).toEqual({ p_vat_number: 'field_too_long' });
  });

  it('shows the cross-field messages beside other fields’ messages, so a form lists every problem at once', () => {
    expect(both({ p_city: '', p_vat_number: 'PT1', p_phone_number: '1234567890123' }).errors).toEqual({
      p_city: 'city_empty',
      p_vat_number: 'vat_number_invalid',
      p_phone_number: 'phone_number_too_long',
    });
    // A wrong country has its own message; the number is then only held to the tax-id rule.
    expect(both({ p_country: 'Narnia', p_vat_number: 'PT123456789' }).errors).toEqual({ p_country: 'country_invalid' });
  });

  it('accepts any well-formed number of a country with a format and stores it as the format says', () => {
    const countries = Object.keys(VAT_FORMATS) as Array<keyof typeof VAT_FORMATS>;
    fc.assert(
      fc.property(
        fc.constantFrom(...countries).chain((c) => fc.tuple(fc.constant(c), fc.stringMatching(VAT_FORMATS[c]!.national))),
        ([country, national]) => {
          const prefix = VAT_FORMATS[country]!.prefix;
          const r = profileUpdateBillingAddressSchema.safeParse({
            ...address,
            p_country: country.toLowerCase(),
            p_vat_number: ` ${national} `,
          });
          expect(r.success && r.data.p_vat_number).toBe(prefix + national);
        },
      ),
      { numRuns: 200 },
    );
  });
});
