/**
 * Referral codes (spec 1 §4 Referral, spec 2 §5): seven letters; the first two give the
 * language, the last five (upper-cased) the referrer; the referrer DBSSH means no referrer.
 */
import { LIMITS, NO_REFERRER, type Language } from '../constants';
import { normalizeLocale } from './locale';

/** What a referral code carries. */
export interface ReferralInfo {
  language: Language;
  /** Five upper-case letters, or null when the code names no referrer (DBSSH). */
  referrer: string | null;
}

const REFERRAL_PATTERN = new RegExp(`^[A-Za-z]{${LIMITS.referralCodeLength}}$`);

/**
 * Reads a referral code. Surrounding spaces are ignored; anything but exactly seven ASCII letters
 * gives null. A language prefix that is not supported falls back to 'en' (as every locale does).
 */
export function parseReferralCode(code: string): ReferralInfo | null {
  if (typeof code !== 'string') return null;
  const trimmed = code.trim();
  if (!REFERRAL_PATTERN.test(trimmed)) return null;
  const language = normalizeLocale(trimmed.slice(0, 2));
  const referrer = trimmed.slice(2).toUpperCase();
  return { language, referrer: referrer === NO_REFERRER ? null : referrer };
}
