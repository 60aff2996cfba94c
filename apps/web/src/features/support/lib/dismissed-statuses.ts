/**
 * The status messages dismissed in this tab (issue 16: dismissible per message for the tab
 * session). Kept in sessionStorage under a key of its own, apart from the spec's session state
 * (shared/session/store.ts). A posted message is known by its id and when it was posted; the
 * automatic one (id 0, dated at every read) by its key. A dismissal is forgotten once its message
 * is no longer current, so the automatic status shows again when it comes back after a recovery.
 */
import { useSyncExternalStore } from 'react';
import type { InternalStatusRow } from '@portside/contract/schemas/support';

const KEY = 'portside.dismissed-statuses';
const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

type StatusIdentity = Pick<InternalStatusRow, 'id' | 'created_at' | 'key'>;

/** The identity of a status message. */
export function statusId(row: StatusIdentity): string {
  return row.key ? `key:${row.key}` : `${row.id}@${row.created_at}`;
}

function read(): readonly string[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    cache = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(next: readonly string[]): void {
  cache = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage disabled or full: the choice lasts until the page is reloaded
  }
  listeners.forEach((fn) => fn());
}

/** Hides a message for the rest of the tab session. */
export function dismissStatus(row: StatusIdentity): void {
  write([...read(), statusId(row)]);
}

/** Forgets the dismissals of messages that are no longer among `current`. */
export function forgetEnded(current: readonly StatusIdentity[]): void {
  const ids = new Set(current.map(statusId));
  const kept = read().filter((id) => ids.has(id));
  if (kept.length !== read().length) write(kept);
}

/** React hook: the ids of the dismissed messages. */
export function useDismissedStatuses(): readonly string[] {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    read,
    () => [],
  );
}
