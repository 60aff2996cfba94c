/**
 * The status messages dismissed in this tab (issue 16: dismissible per message for the tab
 * session). Kept in sessionStorage under a key of its own, apart from the spec's session state
 * (shared/session/store.ts). A message is known by its id and when it was posted, so the automatic
 * status (always id 0) shows again when it comes back after a recovery.
 */
import { useSyncExternalStore } from 'react';
import type { InternalStatusRow } from '@portside/contract/schemas/support';

const KEY = 'portside.dismissed-statuses';
const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

/** The identity of a status message. */
export function statusId(row: Pick<InternalStatusRow, 'id' | 'created_at'>): string {
  return `${row.id}@${row.created_at}`;
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

/** Hides a message for the rest of the tab session. */
export function dismissStatus(row: Pick<InternalStatusRow, 'id' | 'created_at'>): void {
  const next = [...read(), statusId(row)];
  cache = next;
  try {
    // Only the ids still worth keeping: a long session does not grow the list without end.
    window.sessionStorage.setItem(KEY, JSON.stringify(next.slice(-50)));
  } catch {
    // storage disabled or full: the message stays hidden until the page is reloaded
  }
  listeners.forEach((fn) => fn());
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
