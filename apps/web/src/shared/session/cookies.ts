/**
 * Browser cookies of the portal (spec 2 §9): the token, the language and the referrer.
 * Attributes come from COOKIES in the contract so the web and the server agree on them.
 */
import type { COOKIES } from '@portside/contract/constants';

/** Attributes of a cookie, shaped like the entries of COOKIES. */
export type CookieSpec = Pick<(typeof COOKIES)[keyof typeof COOKIES], 'days' | 'path' | 'sameSite' | 'secure'>;

/** The value of a cookie, or null when it is not set (or empty). */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const raw = item.slice(prefix.length);
      if (raw === '') return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/**
 * Sets a cookie with the spec's attributes. `Secure` is sent only in a secure context (https or
 * localhost): a browser silently drops a Secure cookie set from plain http on another host, which
 * would lose the language choice on a LAN test install.
 */
export function setCookie(name: string, value: string, spec: CookieSpec): void {
  const expires = new Date(Date.now() + spec.days * 24 * 60 * 60 * 1000).toUTCString();
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `expires=${expires}`,
    `path=${spec.path}`,
    `SameSite=${spec.sameSite}`,
  ];
  if (spec.secure && window.isSecureContext) parts.push('Secure');
  document.cookie = parts.join('; ');
}

/** Removes a cookie set with the given path (default '/'). */
export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
}
