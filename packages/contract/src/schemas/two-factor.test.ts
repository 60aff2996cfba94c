import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import {
  loginSecondFactorSchema,
  passkeyDeleteSchema,
  passkeyRenameSchema,
  twoFactorEnrolConfirmSchema,
  twoFactorProofSchema,
  twoFactorRequireSchema,
  twoFactorTotpConfirmSchema,
} from './two-factor';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('loginSecondFactorSchema', () => {
  it('takes a TOTP code or a recovery code with the ticket', () => {
    expect(loginSecondFactorSchema.parse({ p_ticket: 't', p_code: ' 123456 ' })).toEqual({ p_ticket: 't', p_code: '123456' });
    expect(loginSecondFactorSchema.parse({ p_ticket: 't', p_code: 'abcd-efgh-jk' }).p_code).toBe('abcd-efgh-jk');
  });

  it('names the field of a missing or malformed code', () => {
    expect(errorsOf(loginSecondFactorSchema, { p_ticket: 't', p_code: '' })).toEqual({ p_code: 'code_empty' });
    expect(errorsOf(loginSecondFactorSchema, { p_ticket: 't', p_code: '12345' })).toEqual({ p_code: 'two_factor_code_format' });
    expect(errorsOf(loginSecondFactorSchema, { p_ticket: '', p_code: '123456' })).toEqual({ p_ticket: 'invalid_data' });
  });
});

describe('the TOTP-only codes', () => {
  it('refuse a recovery code where an app must prove itself', () => {
    expect(errorsOf(twoFactorTotpConfirmSchema, { p_code: 'abcd-efgh-jk' })).toEqual({ p_code: 'code_invalid_format' });
    expect(errorsOf(twoFactorEnrolConfirmSchema, { p_ticket: 't', p_code: '654321' })).toEqual({});
  });
});

describe('twoFactorProofSchema and twoFactorRequireSchema', () => {
  it('need the password and a code; the rule a boolean', () => {
    expect(errorsOf(twoFactorProofSchema, { p_password: '', p_code: '123456' })).toEqual({ p_password: 'password_empty' });
    expect(errorsOf(twoFactorRequireSchema, { p_required: 'yes' })).toEqual({ p_required: 'invalid_data' });
    expect(twoFactorRequireSchema.parse({ p_required: true })).toEqual({ p_required: true });
  });
});

describe('the proof of a settings change', () => {
  it('takes a code or a passkey’s signature; with neither, the code is missing', () => {
    const passkey = { id: 'cred', response: {} };
    expect(twoFactorProofSchema.parse({ p_password: 'pw', p_code: '123456' })).toEqual({ p_password: 'pw', p_code: '123456' });
    expect(twoFactorProofSchema.parse({ p_password: 'pw', p_passkey: passkey })).toEqual({
      p_password: 'pw',
      p_passkey: passkey,
    });
    expect(errorsOf(twoFactorProofSchema, { p_password: 'pw' })).toEqual({ p_code: 'code_empty' });
    expect(errorsOf(twoFactorProofSchema, { p_password: '' })).toEqual({ p_password: 'password_empty', p_code: 'code_empty' });
    expect(errorsOf(twoFactorProofSchema, { p_password: 'pw', p_passkey: 'x' })).toEqual({ p_passkey: 'invalid_data' });
  });

  it('is asked for by PasskeyDelete too', () => {
    expect(errorsOf(passkeyDeleteSchema, { p_id: 3, p_password: 'pw' })).toEqual({ p_code: 'code_empty' });
    expect(errorsOf(passkeyDeleteSchema, { p_id: 3, p_password: 'pw', p_code: 'abcd-efgh-jk' })).toEqual({});
  });
});

describe('passkeyRenameSchema', () => {
  it('takes the passkey and a name of 1 to 64 characters, trimmed', () => {
    expect(passkeyRenameSchema.parse({ p_id: 3, p_name: '  Work laptop ' })).toEqual({ p_id: 3, p_name: 'Work laptop' });
    expect(errorsOf(passkeyRenameSchema, { p_id: 3, p_name: '   ' })).toEqual({ p_name: 'passkey_name_empty' });
    expect(errorsOf(passkeyRenameSchema, { p_id: 3, p_name: 'x'.repeat(65) })).toEqual({ p_name: 'field_too_long' });
    expect(errorsOf(passkeyRenameSchema, { p_id: 'x', p_name: 'Phone' })).toEqual({ p_id: 'invalid_data' });
  });
});
