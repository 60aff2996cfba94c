/**
 * GET /svc/notifications/recent/...: the account's recent terminal messages (spec 2 §7), newest
 * first; reversed here so the oldest comes first. A failure the server answers shows in the red
 * banner ('Failed to register notification connection' and its message); a network failure
 * gives nothing.
 */
import type { Profile } from '@portside/contract/schemas/profile';
import { parseHubPayload } from '../../../shared/live/hub-payload';
import { notificationAccount, recentPath } from '../../../shared/live/notification-auth';
import { callNotifications, notifyNotificationFailure } from '../../../shared/live/notification-calls';
import { entryFromMessage, entryFromText, type TerminalEntry } from '../lib/terminal-entry';

/** One item of the answer: the JSON text of a terminal message and when it was sent. */
interface RecentItem {
  message: unknown;
  created_at?: unknown;
}

/** The entries of an answer, oldest first; items that are not messages at all are skipped. */
export function recentEntries(items: unknown): TerminalEntry[] {
  if (!Array.isArray(items)) return [];
  return [...(items as RecentItem[])].reverse().flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const at = typeof item.created_at === 'string' ? item.created_at : new Date().toISOString();
    const message = parseHubPayload(item.message);
    if (message) return [entryFromMessage(message, at)];
    return typeof item.message === 'string' && item.message ? [entryFromText(item.message, at)] : [];
  });
}

/** The account's recent terminal messages, oldest first (empty on any failure). */
export async function getRecentMessages(profile: Profile | null): Promise<TerminalEntry[]> {
  const account = notificationAccount(profile);
  if (!account) return [];
  let path: string;
  try {
    path = await recentPath(account);
  } catch {
    return []; // no Web Crypto in this context
  }
  const answer = await callNotifications<unknown>('GET', path);
  if (answer.ok === false) notifyNotificationFailure('register', answer.message);
  return answer.ok ? recentEntries(answer.data) : [];
}
