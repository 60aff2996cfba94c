import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES, isMessageKey, messageText } from './messages';

describe('MESSAGES', () => {
  it('holds the texts the spec fixes word for word', () => {
    expect(MESSAGES.form_error_header).toBe('Please correct the following errors before continuing.');
    expect(MESSAGES.first_name_empty).toBe('First name is empty');
    expect(MESSAGES.password_confirm_empty).toBe('Confirm password is empty');
    expect(MESSAGES.passwords_not_matching).toBe('Passwords are not matching');
    expect(MESSAGES.passwords_not_equal).toBe('Passwords are not equal');
    expect(MESSAGES.passwords_dont_match).toBe("Passwords don't match");
    expect(MESSAGES.project_name_unchanged).toBe('Name unchanged, not updating');
    expect(MESSAGES.voucher_invalid).toBe('The code must contain 5-15 uppercase letters or digits');
    expect(MESSAGES.invalid_data).toBe('Invalid data');
  });

  it('has an is-empty message for every required registration field', () => {
    for (const f of [
      'first_name',
      'last_name',
      'email',
      'password',
      'password_confirm',
      'address',
      'city',
      'country',
      'phone_prefix',
      'phone_number',
      'state',
      'postcode',
    ]) {
      expect(isMessageKey(`${f}_empty`), f).toBe(true);
    }
  });

  it('uses snake_case keys and non-empty texts only', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
      expect(text.trim()).not.toBe('');
    }
  });
});

describe('messageText', () => {
  it('gives the English text of a key', () => {
    expect(messageText('email_invalid')).toBe('Email is not valid');
  });

  it('returns an unknown key or a plain sentence unchanged', () => {
    expect(messageText('no_such_key')).toBe('no_such_key');
    expect(messageText('Expected string, received number')).toBe('Expected string, received number');
  });

  it('does not treat Object prototype names as keys', () => {
    expect(messageText('toString')).toBe('toString');
    expect(isMessageKey('__proto__')).toBe(false);
  });

  it('is the identity on every string that is not a key', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!isMessageKey(s));
        expect(messageText(s)).toBe(s);
      }),
    );
  });
});
