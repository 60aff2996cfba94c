/**
 * Inactivity logout (spec 1 §1 'Inactivity logout is a setting in minutes'), as a pure module: the
 * clock, the timers, the state shared by the tabs (localStorage) and the message channel between
 * them (BroadcastChannel) are injected, so the timing rules are unit-tested with fake timers.
 *
 * The rules:
 * - A session token lives exactly the account's logout-after minutes (the server signs it so).
 *   The token's lifetime is therefore the idle limit; the browser needs no other setting.
 * - User activity (in any tab) renews the token through `refresh` once it is `refreshEveryMs`
 *   old, so the token's expiry follows the last activity: an idle session ends on the server and
 *   in the browser at the same moment, and activity in one tab keeps every tab alive.
 * - The session ends at min(last activity + lifetime, token expiry). Then this tab calls
 *   `onEnd('expired')` and tells the other tabs, which end too. A logout message from another
 *   tab ends this one with `onEnd('logout')`.
 * - Times come from this browser's clock only: when a token is first seen its arrival time is
 *   recorded, so a server clock that differs from the browser's does not matter.
 * - Activity after the deadline (e.g. a tab woken from the background) ends the session rather
 *   than reviving it.
 */

/** Keys of the state the tabs share. */
export const SHARED_KEYS = {
  activity: 'portside.session.activity',
  token: 'portside.session.token',
  refreshLock: 'portside.session.refresh-lock',
} as const;

/** Messages between the tabs of one browser. */
export type SessionMessage = { type: 'logout'; reason: EndReason } | { type: 'sync' };
export type EndReason = 'expired' | 'logout';

/** What the monitor needs to know of the current token. */
export interface TokenInfo {
  /** Changes with every token (e.g. its signature). */
  id: string;
  /** exp − iat of the token, in ms; null when the token does not say. */
  lifetimeMs: number | null;
}

export interface InactivityDeps {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** State shared by every tab (localStorage). */
  shared: { get(key: string): string | null; set(key: string, value: string): void; remove(key: string): void };
  /** Messages to the other tabs (not echoed to the sender). */
  channel: { post(message: SessionMessage): void; subscribe(fn: (message: SessionMessage) => void): () => void };
}

export interface InactivityOptions extends InactivityDeps {
  /** The token this tab would send now (the token cookie), or null when there is none. */
  currentToken(): TokenInfo | null;
  /** Asks the server for a fresh token and stores it (so currentToken() returns it). */
  refresh(): Promise<void>;
  /** The session has ended in this tab: clear it and leave. */
  onEnd(reason: EndReason): void;
  /** The idle limit when the token does not carry its lifetime (the profile's setting). */
  fallbackTimeoutMs: number;
  /** Activity is written to the shared state at most this often. */
  activityWriteMs?: number;
}

interface TokenState {
  id: string;
  receivedAt: number;
  lifetimeMs: number;
}

/** How old a token may get while the user is active before it is renewed: a tenth of its life, 5–60 s. */
export function refreshEveryMs(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(5_000, Math.floor(lifetimeMs / 10)));
}

/** How long a tab holds the renewal lock, so only one tab renews at a time. */
const REFRESH_LOCK_MS = 15_000;
/** After a failed renewal, wait this long before trying again. */
const RETRY_MS = 5_000;
/** setTimeout's largest delay. */
const MAX_DELAY_MS = 2_147_483_647;

export interface InactivityMonitor {
  /** Starts watching; ends at once when this tab reopens a session that is already past its deadline. */
  start(): void;
  stop(): void;
  /** The user did something (pointer, key, scroll, the tab became visible). */
  activity(): void;
  /** Re-reads the shared state and reschedules (after a token change or a message). */
  check(): void;
  /** When the session ends if nothing happens (ms on the injected clock), or null when stopped. */
  deadline(): number | null;
}

export function createInactivityMonitor(o: InactivityOptions): InactivityMonitor {
  const writeMs = o.activityWriteMs ?? 1_000;
  let running = false;
  let timer: unknown = null;
  let unsubscribe: (() => void) | null = null;
  let localActivity = 0;
  let lastWrite = 0;
  let refreshing = false;
  let retryAfter = 0;
  /** The token state of the last check, to tell an expiry from a logout when the token vanishes. */
  let lastSeen: TokenState | null = null;

  const num = (key: string) => {
    const v = Number(o.shared.get(key));
    return Number.isFinite(v) && v > 0 ? v : 0;
  };
  const lastActivity = () => Math.max(localActivity, num(SHARED_KEYS.activity));

  /** The current token with its arrival time; the first tab to see a token records it for all. */
  function tokenState(): (TokenState & { fresh: boolean }) | null {
    const t = o.currentToken();
    if (!t) return null;
    let stored: Partial<TokenState> | null;
    try {
      stored = JSON.parse(o.shared.get(SHARED_KEYS.token) ?? 'null') as Partial<TokenState> | null;
    } catch {
      stored = null;
    }
    if (stored && stored.id === t.id && typeof stored.receivedAt === 'number' && typeof stored.lifetimeMs === 'number') {
      return { id: t.id, receivedAt: stored.receivedAt, lifetimeMs: stored.lifetimeMs, fresh: false };
    }
    const state: TokenState = { id: t.id, receivedAt: o.now(), lifetimeMs: t.lifetimeMs ?? o.fallbackTimeoutMs };
    o.shared.set(SHARED_KEYS.token, JSON.stringify(state));
    return { ...state, fresh: true };
  }

  function deadlineOf(t: TokenState): number {
    const last = lastActivity();
    const byToken = t.receivedAt + t.lifetimeMs;
    return last > 0 ? Math.min(last + t.lifetimeMs, byToken) : byToken;
  }

  function clearTimer(): void {
    if (timer !== null) o.clearTimer(timer);
    timer = null;
  }

  function stop(): void {
    running = false;
    clearTimer();
    unsubscribe?.();
    unsubscribe = null;
  }

  function end(reason: EndReason, tellOthers: boolean): void {
    if (!running) return;
    stop();
    if (tellOthers) o.channel.post({ type: 'logout', reason });
    o.onEnd(reason);
  }

  async function renew(): Promise<void> {
    const now = o.now();
    if (refreshing || now < retryAfter || num(SHARED_KEYS.refreshLock) > now) return;
    refreshing = true;
    o.shared.set(SHARED_KEYS.refreshLock, String(now + REFRESH_LOCK_MS));
    let ok = false;
    try {
      await o.refresh();
      ok = true;
    } catch {
      // A refused session is ended by the API client; anything else is retried on later activity.
      retryAfter = o.now() + RETRY_MS;
    } finally {
      refreshing = false;
      o.shared.remove(SHARED_KEYS.refreshLock);
    }
    if (ok) o.channel.post({ type: 'sync' });
    check();
  }

  function check(): void {
    if (!running) return;
    const t = tokenState();
    if (!t) {
      // The token is gone: another tab ended the session before its message arrived. Past the
      // deadline that was the inactivity logout; before it, a logout.
      end(lastSeen && o.now() >= deadlineOf(lastSeen) ? 'expired' : 'logout', false);
      return;
    }
    lastSeen = t;
    const now = o.now();
    const at = deadlineOf(t);
    if (now >= at) {
      end('expired', true);
      return;
    }
    clearTimer();
    timer = o.setTimer(check, Math.min(MAX_DELAY_MS, at - now));
  }

  function activity(): void {
    if (!running) return;
    const t = tokenState();
    const now = o.now();
    if (t && now >= deadlineOf(t)) {
      end('expired', true);
      return;
    }
    localActivity = now;
    if (now - lastWrite >= writeMs) {
      lastWrite = now;
      o.shared.set(SHARED_KEYS.activity, String(now));
    }
    if (t && now - t.receivedAt >= refreshEveryMs(t.lifetimeMs)) void renew();
  }

  function start(): void {
    if (running) return;
    // No token: nothing to watch. A shell mounting while the session is being ended elsewhere
    // must not mistake that for a logout of its own (the guard and the API handle a lost token).
    if (!o.currentToken()) return;
    running = true;
    unsubscribe = o.channel.subscribe((m) => {
      if (m.type === 'logout') end(m.reason, false);
      else check();
    });
    const t = tokenState();
    // Reopening a tab of a session that idled past its deadline ends it instead of reviving it.
    if (t && !t.fresh && o.now() >= deadlineOf(t)) {
      end('expired', true);
      return;
    }
    // A token never seen before is a new session: activity left by an earlier one does not count.
    if (t?.fresh) o.shared.remove(SHARED_KEYS.activity);
    activity();
    check();
  }

  return {
    start,
    stop,
    activity,
    check,
    deadline() {
      if (!running) return null;
      const t = tokenState();
      return t ? deadlineOf(t) : null;
    },
  };
}
