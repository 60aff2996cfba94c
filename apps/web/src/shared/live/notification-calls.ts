/**
 * The notification calls of the payment and service host: register a hub connection,
 * deactivate the account's mappings. Failures the server answers show in the shell's red banner
 * with the spec's fixed text and the answer's own message (spec 2 §8); network failures are
 * silently ignored.
 */
import { NOTIFICATION_MESSAGES } from '@portside/contract/hubs';
import { COOKIES } from '@portside/contract/constants';
import { getCookie } from '../session/cookies';
import { api, ApiError } from '../api/client';
import i18n from '../i18n/i18n';
import { notifyError } from '../ui/notify';
import { deactivatePath, registerPath, type NotificationAccount } from './notification-auth';

/** The spec's fixed texts (English; translated in the terminal namespace). */
export const REGISTER_FAILED = NOTIFICATION_MESSAGES.registerFailed;
export const DEACTIVATE_FAILED = NOTIFICATION_MESSAGES.deactivateFailed;

/** What a notification call answered: ok, a failure with its message, or no answer. */
export type NotificationAnswer<T = unknown> = { ok: true; data: T } | { ok: false; message: string } | { ok: null };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message an error answer carries (its message, else its code or the HTTP status). */
function answerMessage(body: unknown, status: number): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  for (const key of ['message', 'error', 'code']) {
    if (typeof b[key] === 'string' && b[key]) return b[key];
  }
  return typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : `HTTP ${status}`;
}

/**
 * Calls the host. A 2xx answer without `success: false` is ok; anything else a failure with the
 * answer's message; a network failure (no answer) is `{ok: null}`.
 */
export async function callNotifications<T>(method: 'GET' | 'POST', path: string): Promise<NotificationAnswer<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, { method, headers: { Accept: 'application/json' }, credentials: 'omit' });
    text = await res.text();
  } catch {
    return { ok: null };
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a text answer is kept as it is
  }
  const flag = typeof body === 'object' && body !== null ? (body as { success?: unknown }).success : undefined;
  if (!res.ok || flag === false) return { ok: false, message: answerMessage(body, res.status) };
  return { ok: true, data: body as T };
}

/** Shows a failure in the red banner: the fixed text (translated) and the answer's message. */
export function notifyNotificationFailure(which: 'register' | 'deactivate', message: string): void {
  const fixed =
    which === 'register'
      ? i18n.t('terminal:live.register_failed', { defaultValue: REGISTER_FAILED })
      : i18n.t('terminal:live.deactivate_failed', { defaultValue: DEACTIVATE_FAILED });
  notifyError(message ? `${escapeHtml(fixed)}: ${escapeHtml(message)}` : escapeHtml(fixed));
}

/** Maps a hub connection to the account (empty body); failures are reported, not thrown. */
export async function registerConnection(
  account: NotificationAccount,
  connectionId: string,
  destination: string,
): Promise<boolean> {
  const sessionToken = getCookie(COOKIES.token.name);
  let path: string;
  try {
    path = await registerPath(account, connectionId, destination);
  } catch {
    return false; // no Web Crypto (an insecure context): live messages stay off
  }
  const answer = await callNotifications('POST', path);
  if (answer.ok === false && (await sessionStillOpen(sessionToken))) notifyNotificationFailure('register', answer.message);
  return answer.ok === true;
}

/**
 * Whether the session a refused registration was made in is still open. Ending a user's sessions
 * rotates their notification secret, so a refusal is most often the first sign that the session
 * ended: the API is asked, and its refusal ends the session with its own reason (the forced
 * logout), which is what the user should read — not the registration's failure.
 */
async function sessionStillOpen(sessionToken: string | null): Promise<boolean> {
  if (!sessionToken || getCookie(COOKIES.token.name) !== sessionToken) return false;
  const open = await api.get('MyProfile').then(
    () => true,
    (e: unknown) => !(e instanceof ApiError && e.status === 401),
  );
  return open && getCookie(COOKIES.token.name) === sessionToken;
}

/** Deactivates every connection mapping of the account (at logout); failures are reported. */
export async function deactivateMappings(account: NotificationAccount): Promise<void> {
  let path: string;
  try {
    path = await deactivatePath(account);
  } catch {
    return;
  }
  const answer = await callNotifications('POST', path);
  if (answer.ok === false) notifyNotificationFailure('deactivate', answer.message);
}
