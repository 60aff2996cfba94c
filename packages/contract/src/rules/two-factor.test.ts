import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isTotpCode, normalizeRecoveryCode, RECOVERY_ALPHABET, secondFactorKind } from './two-factor';

describe('two-factor code formats', () => {
  it('takes six digits as a TOTP code, with the spaces apps show', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });

  it('normalises a recovery code with or without dashes, in any case', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jk')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('ABCD EFGH JK')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcdefghjk')).toBe('abcdefghjk');
  });

  it('refuses a recovery code of the wrong length or with look-alike characters', () => {
    expect(normalizeRecoveryCode('abcd-efgh-j')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jkm')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-j0')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jl')).toBeNull();
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/);
  });

  it('formats a recovery code in three groups', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcd-efgh-jk');
  });

  it('tells which second factor a typed code is', () => {
    expect(secondFactorKind('654321')).toBe('totp');
    expect(secondFactorKind('abcd-efgh-jk')).toBe('recovery');
    expect(secondFactorKind('hello')).toBeNull();
  });
});
