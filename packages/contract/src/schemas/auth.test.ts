import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isMessageKey } from '../messages';
import {
  confirmEmailSchema,
  forgotPasswordConfirmSchema,
  forgotPasswordDecodeSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
  type RegisterInput,
} from './auth';
import { fieldErrors, issueList } from './issues';

const valid: RegisterInput = {
  p_first_name: 'Ana',
  p_last_name: 'Silva',
  p_email: 'ana@example.pt',
  p_password: 'secret1',
  p_password_confirm: 'secret1',
  p_address: 'Rua Augusta 1',
  p_city: 'Lisboa',
  p_country: 'PT',
  p_phone_prefix: '+351',
  p_phone_number: '912345678',
  p_state: 'Lisboa',
  p_postcode: '1100-053',
};

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
}

describe('registerSchema', () => {
  it('accepts a complete registration without optional fields', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it('says which required field is empty, for every required field', () => {
    const errors = errorsOf(registerSchema, {});
    expect(errors).toEqual({
      p_first_name: 'first_name_empty',
      p_last_name: 'last_name_empty',
      p_email: 'email_empty',
      p_password: 'password_empty',
      p_password_confirm: 'password_confirm_empty',
      p_address: 'address_empty',
      p_city: 'city_empty',
      p_country: 'country_empty',
      p_phone_prefix: 'phone_prefix_empty',
      p_phone_number: 'phone_number_empty',
      p_state: 'state_empty',
      p_postcode: 'postcode_empty',
    });
  });

  it('treats a blank text field as empty', () => {
    expect(errorsOf(registerSchema, { ...valid, p_city: '   ' })).toEqual({ p_city: 'city_empty' });
  });

  it('trims text and lower-cases the e-mail, but keeps the password as typed', () => {
    const r = registerSchema.parse({ ...valid, p_first_name: ' Ana ', p_email: ' Ana@Example.PT ' });
    expect(r.p_first_name).toBe('Ana');
    expect(r.p_email).toBe('ana@example.pt');
    expect(r.p_password).toBe('secret1');
  });

  it('refuses a malformed e-mail', () => {
    expect(errorsOf(registerSchema, { ...valid, p_email: 'ana@' })).toEqual({ p_email: 'email_invalid' });
  });

  it('refuses a password with spaces or under 4 characters', () => {
    expect(errorsOf(registerSchema, { ...valid, p_password: 'se cret', p_password_confirm: 'se cret' })).toEqual({
      p_password: 'password_spaces',
    });
    expect(errorsOf(registerSchema, { ...valid, p_password: 'abc', p_password_confirm: 'abc' })).toEqual({
      p_password: 'password_too_short',
    });
  });

  it('reports a confirmation mismatch on the confirmation field', () => {
    expect(errorsOf(registerSchema, { ...valid, p_password_confirm: 'secret2' })).toEqual({
      p_password_confirm: 'passwords_not_matching',
    });
  });

  it('reports the mismatch together with other field errors', () => {
    expect(errorsOf(registerSchema, { ...valid, p_city: '', p_password_confirm: 'x' })).toEqual({
      p_city: 'city_empty',
      p_password_confirm: 'passwords_not_matching',
    });
  });

  it('reports the mismatch when another required field is missing altogether', () => {
    const { p_city: _omit, ...rest } = valid;
    expect(errorsOf(registerSchema, { ...rest, p_password_confirm: 'x' })).toEqual({
      p_city: 'city_empty',
      p_password_confirm: 'passwords_not_matching',
    });
  });

  it('gives an empty confirmation one issue only, not a mismatch as well', () => {
    const r = registerSchema.safeParse({ ...valid, p_password_confirm: '' });
    expect(!r.success && issueList(r.error)).toEqual([{ field: 'p_password_confirm', key: 'password_confirm_empty' }]);
  });

  it('refuses a field of the wrong type with its empty message', () => {
    expect(errorsOf(registerSchema, { ...valid, p_city: 42 })).toEqual({ p_city: 'city_empty' });
  });

  it('accepts the optional fields empty or missing', () => {
    const withBlanks = {
      ...valid,
      p_company_name: '',
      p_address2: '',
      p_vat_number: '',
      p_voucher: '',
      p_language: '',
      p_referrer: '',
    };
    expect(registerSchema.safeParse(withBlanks).success).toBe(true);
  });

  it('accepts filled optional fields', () => {
    const r = registerSchema.safeParse({
      ...valid,
      p_company_name: 'Acme',
      p_voucher: 'WELCOME10',
      p_language: 'pt',
      p_referrer: 'ABCDE',
    });
    expect(r.success).toBe(true);
  });

  it('refuses a voucher that breaks the voucher rule', () => {
    expect(errorsOf(registerSchema, { ...valid, p_voucher: 'abc' })).toEqual({ p_voucher: 'voucher_invalid' });
  });

  it('refuses an unsupported language and a bad referrer', () => {
    expect(errorsOf(registerSchema, { ...valid, p_language: 'fr', p_referrer: 'abcde' })).toEqual({
      p_language: 'language_invalid',
      p_referrer: 'referrer_invalid',
    });
  });

  it('refuses over-long text', () => {
    expect(errorsOf(registerSchema, { ...valid, p_first_name: 'a'.repeat(101) })).toEqual({ p_first_name: 'field_too_long' });
  });

  it('drops unknown keys', () => {
    const r = registerSchema.parse({ ...valid, is_admin: true });
    expect(r).not.toHaveProperty('is_admin');
  });

  it('only ever reports message keys', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...Object.keys(valid)), fc.oneof(fc.string(), fc.integer())), (patch) => {
        const r = registerSchema.safeParse({ ...valid, ...patch });
        if (!r.success) for (const i of issueList(r.error)) expect(isMessageKey(i.key), i.key).toBe(true);
      }),
    );
  });
});

describe('loginSchema', () => {
  it('accepts an e-mail and a password', () => {
    expect(loginSchema.parse({ p_email: ' A@B.CO', p_password: ' pw ' })).toEqual({ p_email: 'a@b.co', p_password: ' pw ' });
  });
  it('refuses empty fields', () => {
    expect(errorsOf(loginSchema, { p_email: '', p_password: '' })).toEqual({
      p_email: 'email_empty',
      p_password: 'password_empty',
    });
  });
});

describe('confirmEmailSchema', () => {
  it('accepts a 6-digit code', () => {
    expect(confirmEmailSchema.parse({ p_email: 'a@b.co', p_otp: ' 123456 ' }).p_otp).toBe('123456');
  });
  it('refuses an empty code', () => {
    expect(errorsOf(confirmEmailSchema, { p_email: 'a@b.co', p_otp: '' })).toEqual({ p_otp: 'code_empty' });
  });
  it.each(['12345', '1234567', '12a456', '123 456'])('refuses the code %j', (otp) => {
    expect(errorsOf(confirmEmailSchema, { p_email: 'a@b.co', p_otp: otp })).toEqual({ p_otp: 'code_invalid_format' });
  });
});

describe('e-mail-only bodies', () => {
  it('resend confirmation and forgot password need a valid e-mail', () => {
    for (const schema of [resendConfirmationSchema, forgotPasswordSchema]) {
      expect(schema.parse({ p_email: 'x@y.io' })).toEqual({ p_email: 'x@y.io' });
      expect(errorsOf(schema, {})).toEqual({ p_email: 'email_empty' });
      expect(errorsOf(schema, { p_email: 'nope' })).toEqual({ p_email: 'email_invalid' });
    }
  });
});

describe('forgotPasswordDecodeSchema', () => {
  it('accepts a message and refuses an empty or huge one', () => {
    expect(forgotPasswordDecodeSchema.safeParse({ p_message: 'abc' }).success).toBe(true);
    expect(errorsOf(forgotPasswordDecodeSchema, { p_message: '' })).toEqual({ p_message: 'message_empty' });
    expect(errorsOf(forgotPasswordDecodeSchema, { p_message: 'a'.repeat(2001) })).toEqual({ p_message: 'field_too_long' });
  });
});

describe('forgotPasswordConfirmSchema', () => {
  const ok = { p_email: 'a@b.co', p_code: '123456', p_password: 'newpw', p_password_repeat: 'newpw' };
  it('accepts a complete reset', () => {
    expect(forgotPasswordConfirmSchema.safeParse(ok).success).toBe(true);
  });
  it('refuses empty fields', () => {
    expect(errorsOf(forgotPasswordConfirmSchema, {})).toEqual({
      p_email: 'email_empty',
      p_code: 'code_empty',
      p_password: 'password_empty',
      p_password_repeat: 'password_repeat_empty',
    });
  });
  it('says the passwords are not equal, on the repeat field', () => {
    expect(errorsOf(forgotPasswordConfirmSchema, { ...ok, p_password_repeat: 'other' })).toEqual({
      p_password_repeat: 'passwords_not_equal',
    });
  });
  it('refuses a new password with spaces or too short', () => {
    expect(errorsOf(forgotPasswordConfirmSchema, { ...ok, p_password: 'a b c', p_password_repeat: 'a b c' })).toEqual({
      p_password: 'password_spaces',
    });
    expect(errorsOf(forgotPasswordConfirmSchema, { ...ok, p_password: 'abc', p_password_repeat: 'abc' })).toEqual({
      p_password: 'password_too_short',
    });
  });
});
