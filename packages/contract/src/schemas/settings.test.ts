import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth';
import { fieldErrors } from './issues';
import {
  BILLING_ADDRESS_FIELDS,
  accountDeleteSchema,
  profileUpdateBillingAddressSchema,
  profileUpdateTimeoutSchema,
  profileUpdateTimezoneSchema,
  resetPasswordSchema,
} from './settings';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('resetPasswordSchema', () => {
  const ok = { p_old_password: 'old pass with spaces', p_password: 'new1', p_password_repeat: 'new1' };

  it('accepts an old password of any shape and a new one by the registration rule', () => {
    expect(resetPasswordSchema.parse(ok)).toEqual(ok);
  });

  it('says which field is empty', () => {
    expect(errorsOf(resetPasswordSchema, { p_old_password: '', p_password: '', p_password_repeat: '' })).toEqual({
      p_old_password: 'password_old_empty',
      p_password: 'password_empty',
      p_password_repeat: 'password_repeat_empty',
    });
  });

  it('refuses a new password with spaces or shorter than 4 characters', () => {
    expect(errorsOf(resetPasswordSchema, { ...ok, p_password: 'a b c d', p_password_repeat: 'a b c d' })).toEqual({
      p_password: 'password_spaces',
    });
    expect(errorsOf(resetPasswordSchema, { ...ok, p_password: 'abc', p_password_repeat: 'abc' })).toEqual({
      p_password: 'password_too_short',
    });
  });

  it("refuses a repetition that differs with 'Passwords are not matching'", () => {
    expect(errorsOf(resetPasswordSchema, { ...ok, p_password_repeat: 'new2' })).toEqual({
      p_password_repeat: 'passwords_not_matching',
    });
  });
});

describe('profileUpdateTimeoutSchema', () => {
  it.each([1, 30, 1440])('accepts %d minutes', (m) => {
    expect(profileUpdateTimeoutSchema.parse({ p_minutes: m })).toEqual({ p_minutes: m });
  });
  it.each([0, -5, 1441, 2.5, '30', null, undefined, Number.NaN])('refuses %j', (m) => {
    expect(errorsOf(profileUpdateTimeoutSchema, { p_minutes: m })).toEqual({ p_minutes: 'logout_minutes_invalid' });
  });
});

describe('profileUpdateTimezoneSchema', () => {
  it('accepts IANA names, trimmed', () => {
    expect(profileUpdateTimezoneSchema.parse({ p_timezone: ' America/Argentina/Buenos_Aires ' })).toEqual({
      p_timezone: 'America/Argentina/Buenos_Aires',
    });
  });
  it('refuses empty names and names with characters no zone has', () => {
    expect(errorsOf(profileUpdateTimezoneSchema, { p_timezone: ' ' })).toEqual({ p_timezone: 'timezone_empty' });
    expect(errorsOf(profileUpdateTimezoneSchema, { p_timezone: "Europe/Lisbon'; --" })).toEqual({
      p_timezone: 'timezone_unknown',
    });
  });
});

describe('profileUpdateBillingAddressSchema', () => {
  const full = {
    p_company_name: '',
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

  it('has exactly the listed fields', () => {
    expect(Object.keys(profileUpdateBillingAddressSchema.shape).sort()).toEqual([...BILLING_ADDRESS_FIELDS].sort());
  });

  it('applies the registration rules field by field: same messages for the same input', () => {
    const samples = ['', '   ', 'x', ' Lisboa ', 'y'.repeat(300), undefined, 12];
    for (const field of BILLING_ADDRESS_FIELDS) {
      for (const v of samples) {
        const mine = profileUpdateBillingAddressSchema.shape[field].safeParse(v);
        const reg = registerSchema.shape[field].safeParse(v);
        expect(mine.success, `${field} ${JSON.stringify(v)}`).toBe(reg.success);
        expect(mine.success ? mine.data : mine.error.issues[0]?.message).toEqual(
          reg.success ? reg.data : reg.error.issues[0]?.message,
        );
      }
    }
  });

  it('lists every empty required field', () => {
    expect(errorsOf(profileUpdateBillingAddressSchema, {})).toEqual({
      p_address: 'address_empty',
      p_city: 'city_empty',
      p_country: 'country_empty',
      p_state: 'state_empty',
      p_postcode: 'postcode_empty',
      p_phone_prefix: 'phone_prefix_empty',
      p_phone_number: 'phone_number_empty',
    });
    expect(profileUpdateBillingAddressSchema.parse(full)).toEqual(full);
  });
});

describe('accountDeleteSchema', () => {
  const ok = { p_confirm: 'DELETE', p_acknowledgements: [true, true, true, true] };

  it('accepts DELETE (spaces around ignored) and four ticks', () => {
    expect(accountDeleteSchema.parse({ ...ok, p_confirm: ' DELETE ' })).toEqual(ok);
  });

  it.each(['delete', 'DELET', '', 'DELETE!', undefined])('refuses the confirmation %j', (c) => {
    expect(errorsOf(accountDeleteSchema, { ...ok, p_confirm: c })).toEqual({ p_confirm: 'delete_confirm_invalid' });
  });

  it.each([
    [[true, true, true]],
    [[true, true, true, false]],
    [[true, true, true, true, true]],
    [[]],
    [['true', true, true, true]],
    [undefined],
    [true],
  ])('refuses the acknowledgements %j', (a) => {
    expect(errorsOf(accountDeleteSchema, { ...ok, p_acknowledgements: a })).toEqual({
      p_acknowledgements: 'delete_acknowledgements_required',
    });
  });
});
