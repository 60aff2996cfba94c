/**
 * Session lifecycle: login completion, profile (customer details) loading and logout.
 */
import { COOKIES } from '@portside/contract/constants';
import type { Profile } from '@portside/contract/schemas/profile';
import { ApiError, api } from '../api/client';
import { queryClient } from '../api/query-client';
import { applyLanguage } from '../i18n/language';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { clearOnLogout, getSession, setSession } from './store';
import { notifySession, sessionChannel } from './session-channel';
import { endServerSession } from './server-logout';

/** Whether a session token cookie is present. */
export function hasToken(): boolean {
  return getCookie(COOKIES.token.name) !== null;
}

/** Whether the user counts as logged in: a token and loaded customer details. */
export function isLoggedIn(): boolean {
  return hasToken() && getSession('customerDetails') !== null;
}

/**
 * Loads GET /api/MyProfile and stores its first row as the customer details.
 * Rejects with an ApiError (404 NotFound when the answer holds no row).
 */
export async function loadProfile(): Promise<Profile> {
  const rows = await api.get<Profile[]>('MyProfile');
  const profile = Array.isArray(rows) ? rows[0] : undefined;
  if (!profile) {
    throw new ApiError(404, { code: 'NotFound', message: 'Not Found', hint: 'Not Found', details: 'MyProfile' });
  }
  setSession('customerDetails', profile);
  return profile;
}

/**
 * Completes a login with the token the login call answered: keeps it in the token cookie and the
 * session state, loads the profile and switches the interface to the account's language.
 * On failure the half-made session is removed again and the error is rethrown.
 */
export async function completeLogin(token: string): Promise<void> {
  setCookie(COOKIES.token.name, token, COOKIES.token);
  setSession('token', token);
  try {
    const profile = await loadProfile();
    await applyLanguage(profile.language);
  } catch (e) {
    await logout();
    throw e;
  }
}

/**
 * Ends the session: first on the server (Logout with the current token, best effort and briefly —
 * see ./server-logout), then on this browser: clears the session state the spec lists, the token
 * cookie and every cached server answer, and tells the other tabs, which log out too (unless
 * `broadcast` is false: a tab that ends because another one told it to does not repeat it). A tab
 * told by another finds the shared cookie already gone and does not call the server again.
 */
export async function logout(opts: { broadcast?: boolean } = {}): Promise<void> {
  const token = getCookie(COOKIES.token.name);
  if (token) await endServerSession(token);
  clearOnLogout();
  deleteCookie(COOKIES.token.name, COOKIES.token.path);
  queryClient.clear();
  if (opts.broadcast !== false) sessionChannel.post({ type: 'logout', reason: 'logout' });
}

/**
 * Keeps a token the server answered in place of the current one (a renewal, a password change,
 * a new inactivity setting): cookie and session state, and every tab re-reads its deadline.
 */
export function storeToken(token: string): void {
  setCookie(COOKIES.token.name, token, COOKIES.token);
  setSession('token', token);
  notifySession({ type: 'sync' });
}
