import { describe, expect, it } from 'vitest';
import { CUSTOMER_CLAIMS, OPERATOR_CLAIMS } from '../constants';
import { fieldErrors, issueList } from './issues';
import {
  addMyUserSchema,
  isGrantableClaim,
  profilesSetPasswordSchema,
  updateMyUserSchema,
  userClaimsSchema,
  userRefSchema,
} from './users';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

const valid = {
  p_email: 'Sub@Example.PT',
  p_first_name: 'Sam',
  p_last_name: 'Sub',
  p_password: 'pass1',
  p_password_confirm: 'pass1',
};

describe('addMyUserSchema (spec 1 §5 User creation)', () => {
  it('accepts a complete body and lower-cases the e-mail', () => {
    expect(addMyUserSchema.parse(valid).p_email).toBe('sub@example.pt');
  });
  it('requires e-mail, first name, last name and both passwords', () => {
    expect(errorsOf(addMyUserSchema, {})).toEqual({
      p_email: 'email_empty',
      p_first_name: 'first_name_empty',
      p_last_name: 'last_name_empty',
      p_password: 'password_empty',
      p_password_confirm: 'password_confirm_empty',
    });
  });
  it('says "Passwords don\'t match" on the confirmation when they differ', () => {
    expect(errorsOf(addMyUserSchema, { ...valid, p_password_confirm: 'pass2' })).toEqual({
      p_password_confirm: 'passwords_dont_match',
    });
  });
  it('reports a mismatch together with other field errors, and no mismatch for an empty confirmation', () => {
    expect(errorsOf(addMyUserSchema, { ...valid, p_first_name: ' ', p_password_confirm: 'x' })).toEqual({
      p_first_name: 'first_name_empty',
      p_password_confirm: 'passwords_dont_match',
    });
    const r = addMyUserSchema.safeParse({ ...valid, p_password_confirm: '' });
    expect(!r.success && issueList(r.error)).toEqual([{ field: 'p_password_confirm', key: 'password_confirm_empty' }]);
  });
  it('applies the password rule (no spaces, at least 4 characters)', () => {
    expect(errorsOf(addMyUserSchema, { ...valid, p_password: 'a b c', p_password_confirm: 'a b c' })).toEqual({
      p_password: 'password_spaces',
    });
    expect(errorsOf(addMyUserSchema, { ...valid, p_password: 'abc', p_password_confirm: 'abc' })).toEqual({
      p_password: 'password_too_short',
    });
  });
  it('refuses a malformed e-mail', () => {
    expect(errorsOf(addMyUserSchema, { ...valid, p_email: 'nope' })).toEqual({ p_email: 'email_invalid' });
  });
});

describe('user references', () => {
  it('need p_user, trimmed and lower-cased', () => {
    expect(userRefSchema.parse({ p_user: ' Sub@Example.PT ' })).toEqual({ p_user: 'sub@example.pt' });
    expect(errorsOf(userRefSchema, {})).toEqual({ p_user: 'user_empty' });
  });
  it('UpdateMyUser needs both names', () => {
    expect(errorsOf(updateMyUserSchema, { p_user: 'a@b.co', p_first_name: '', p_last_name: '' })).toEqual({
      p_first_name: 'first_name_empty',
      p_last_name: 'last_name_empty',
    });
  });
  it('ProfilesSetPassword needs matching passwords', () => {
    expect(errorsOf(profilesSetPasswordSchema, { p_user: 'a@b.co', p_password: 'abcd', p_password_confirm: 'abce' })).toEqual({
      p_password_confirm: 'passwords_dont_match',
    });
    expect(
      profilesSetPasswordSchema.safeParse({ p_user: 'a@b.co', p_password: 'abcd', p_password_confirm: 'abcd' }).success,
    ).toBe(true);
  });
});

describe('userClaimsSchema', () => {
  it('accepts customer claims and removes duplicates', () => {
    expect(userClaimsSchema.parse({ p_user: 'a@b.co', p_claims: ['logs-see', 'logs-see', 'menu-see-ipsets'] }).p_claims).toEqual([
      'logs-see',
      'menu-see-ipsets',
    ]);
  });
  it('refuses every operator claim and unknown names', () => {
    for (const c of [...OPERATOR_CLAIMS, 'root', '']) {
      expect(errorsOf(userClaimsSchema, { p_user: 'a@b.co', p_claims: [c] }), c).toEqual({ p_claims: 'claim_invalid' });
    }
  });
  it('needs at least one claim', () => {
    expect(errorsOf(userClaimsSchema, { p_user: 'a@b.co', p_claims: [] })).toEqual({ p_claims: 'claims_empty' });
    expect(errorsOf(userClaimsSchema, { p_user: 'a@b.co' })).toEqual({ p_claims: 'claims_empty' });
  });
  it('knows which claims are grantable', () => {
    expect(CUSTOMER_CLAIMS.every(isGrantableClaim)).toBe(true);
    expect(OPERATOR_CLAIMS.some(isGrantableClaim)).toBe(false);
  });
});
