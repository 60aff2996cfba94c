/**
 * Where /login-with-redirect/:redirectUrlBase64 may send the user after logging in.
 * Only same-origin targets are honoured, so the route cannot be used as an open redirect.
 */

/** Decodes standard or URL-safe base64 (padding optional) holding UTF-8 text; null when broken. */
export function decodeBase64Url(encoded: string): string | null {
  const normalized = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalized)) return null;
  const padded = normalized.padEnd(normalized.length + ((4 - (normalized.length % 4)) % 4), '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The in-app location (path + query + hash) a decoded redirect target stands for, or null when
 * the target is not same-origin. Accepted: a relative path starting with exactly one '/', or an
 * absolute http(s) URL whose origin equals `origin`. Protocol-relative ('//host'), backslash
 * tricks ('/\\host') and control characters (which URL parsing silently strips) are refused.
 */
export function sameOriginPath(target: string, origin: string = window.location.origin): string | null {
  // Control characters and whitespace let '/\t/evil.example' turn into '//evil.example'.
  if (!target || /[\u0000-\u0020\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    if (target.startsWith('/')) {
      if (target.startsWith('//')) return null;
      url = new URL(target, origin);
    } else {
      url = new URL(target);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    }
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path to go to after login for a base64 redirect parameter; '/dashboard' when unsafe. */
export function redirectAfterLogin(redirectUrlBase64: string | undefined): string {
  const fallback = '/dashboard';
  if (!redirectUrlBase64) return fallback;
  const decoded = decodeBase64Url(redirectUrlBase64);
  if (decoded === null) return fallback;
  return sameOriginPath(decoded) ?? fallback;
}
