import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALLING_CODES } from './countries';
import { digitCount, normalizePhonePrefix, validatePhoneNumber, validatePhonePrefix, validatePhoneTotal } from './phone';

describe('phone prefix', () => {
  it('takes a calling code of the list with or without its plus', () => {
    expect(normalizePhonePrefix('+351')).toBe('+351');
    expect(normalizePhonePrefix('351')).toBe('+351');
    expect(normalizePhonePrefix('1')).toBe('+1');
    expect(validatePhonePrefix('+49')).toBeNull();
  });

  it.each(['+999', '999', '+', '++351', '+ 351', '00351', '+35a', '+12345', 'abc', '+0', '<b>'])('refuses %j', (v) => {
    expect(normalizePhonePrefix(v)).toBeNull();
    expect(validatePhonePrefix(v)).toBe('phone_prefix_invalid');
  });

  it('accepts every calling code of the list, and its digits alone, as that code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CALLING_CODES), fc.boolean(), (code, plus) => {
        expect(normalizePhonePrefix(plus ? code : code.slice(1))).toBe(code);
      }),
    );
  });
});

describe('phone number', () => {
  it.each(['912000111', '912 000 111', '(21) 123-45 67', '1234', '12345678901234'])('accepts %j', (v) => {
    expect(validatePhoneNumber(v)).toBeNull();
  });

  it.each(['123', '123456789012345', '+351912000111', '912.000.111', '91200O111', '912/000', 'call me', '--', '(  )'])(
    'refuses %j',
    (v) => {
      expect(validatePhoneNumber(v)).toBe('phone_number_invalid');
    },
  );

  it('accepts any 4-14 digits however they are grouped, and refuses fewer or more', () => {
    const grouped = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom('', '', ' ', '-', '(', ')')), {
        minLength: 1,
        maxLength: 20,
      })
      .map((parts) => parts.map(([d, sep]) => `${d}${sep}`).join(''));
    fc.assert(
      fc.property(grouped, (v) => {
        const n = digitCount(v);
        expect(validatePhoneNumber(v)).toBe(n >= 4 && n <= 14 ? null : 'phone_number_invalid');
      }),
    );
  });
});

describe('calling code and number together (E.164)', () => {
  it('allows 15 digits and refuses 16', () => {
    expect(validatePhoneTotal('+351', '123456789012')).toBeNull();
    expect(validatePhoneTotal('+351', '1234567890123')).toBe('phone_number_too_long');
    expect(validatePhoneTotal('1', '12345678901234')).toBeNull();
  });

  it('says nothing while either field breaks its own rule', () => {
    expect(validatePhoneTotal('+999', '1234567890123')).toBeNull();
    expect(validatePhoneTotal('+351', '123456789012345')).toBeNull();
  });
});
