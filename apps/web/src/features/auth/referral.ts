/**
 * Referral links (spec 1 §4 Referral): any page may carry `?ref=<code>`. A valid seven-letter
 * code sets the interface language (first two letters) and remembers the referrer (last five,
 * upper-cased) in the referrer cookie, which registration sends as p_referrer. The referrer
 * DBSSH means "no referrer" and stores nothing. The parameter is then removed from the address.
 */
import { COOKIES } from '@portside/contract/constants';
import { parseReferralCode } from '@portside/contract/rules/referral';
import { setLanguage } from '../../shared/i18n/language';
import { setCookie } from '../../shared/session/cookies';

/** Query parameter that carries a referral code. */
export const REFERRAL_PARAM = 'ref';

/** Reads `ref` from the current URL, applies it, and drops it from the URL (history.replaceState). */
export function captureReferralFromUrl(): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has(REFERRAL_PARAM)) return;
  const code = url.searchParams.get(REFERRAL_PARAM) ?? '';

  const referral = parseReferralCode(code);
  if (referral) {
    void setLanguage(referral.language);
    if (referral.referrer !== null) {
      setCookie(COOKIES.referrer.name, referral.referrer, COOKIES.referrer);
    }
  }

  url.searchParams.delete(REFERRAL_PARAM);
  // Keep the router's history state so the SPA does not lose its place.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
