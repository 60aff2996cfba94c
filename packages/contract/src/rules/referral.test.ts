import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LANGUAGES } from '../constants';
import { parseReferralCode } from './referral';

describe('parseReferralCode', () => {
  it('reads the language and the referrer', () => {
    expect(parseReferralCode('plABCDE')).toEqual({ language: 'pl', referrer: 'ABCDE' });
  });

  it('upper-cases the referrer and reads the language in any case', () => {
    expect(parseReferralCode('DEabcde')).toEqual({ language: 'de', referrer: 'ABCDE' });
  });

  it('gives no referrer for DBSSH, in any case', () => {
    expect(parseReferralCode('ptDBSSH')).toEqual({ language: 'pt', referrer: null });
    expect(parseReferralCode('fidbssh')).toEqual({ language: 'fi', referrer: null });
  });

  it('falls back to en for an unsupported language prefix', () => {
    expect(parseReferralCode('frABCDE')).toEqual({ language: 'en', referrer: 'ABCDE' });
  });

  it('ignores surrounding spaces', () => {
    expect(parseReferralCode('  hiQWERT ')).toEqual({ language: 'hi', referrer: 'QWERT' });
  });

  it.each(['plABCD', 'plABCDEF', 'pl1BCDE', 'pl-BCDE', 'pl BCDE', '', 'ąbcdefg'])(
    'refuses %j (not exactly seven letters)',
    (code) => {
      expect(parseReferralCode(code)).toBeNull();
    },
  );

  it('accepts every seven-letter code with a five-letter upper-case referrer', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{7}$/), (code) => {
        const r = parseReferralCode(code);
        expect(r).not.toBeNull();
        expect(LANGUAGES).toContain(r!.language);
        if (r!.referrer !== null) expect(r!.referrer).toMatch(/^[A-Z]{5}$/);
      }),
    );
  });

  it('refuses every code that is not seven letters', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        fc.pre(!/^[A-Za-z]{7}$/.test(code.trim()));
        expect(parseReferralCode(code)).toBeNull();
      }),
    );
  });
});
