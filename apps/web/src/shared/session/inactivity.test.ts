import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SHARED_KEYS,
  createInactivityMonitor,
  refreshEveryMs,
  type EndReason,
  type SessionMessage,
  type TokenInfo,
} from './inactivity';

const MINUTE = 60_000;

/** One browser: shared storage, a broadcast channel and a token cookie, with any number of tabs. */
function browser(lifetimeMs = MINUTE) {
  const store = new Map<string, string>();
  const listeners = new Map<string, Set<(m: SessionMessage) => void>>();
  let serial = 1;
  const b = {
    store,
    /** Delivers a message as if a tab named `from` had posted it. */
    post(from: string, m: SessionMessage) {
      listeners.forEach((set, owner) => owner !== from && set.forEach((fn) => fn(m)));
    },
    token: { id: 'token-1', lifetimeMs } as TokenInfo | null,
    refreshes: 0,
    failRefresh: false,
    /** Opens a tab; its monitor is not started. */
    tab(name: string) {
      const ended: EndReason[] = [];
      const mine = new Set<(m: SessionMessage) => void>();
      listeners.set(name, mine);
      const monitor = createInactivityMonitor({
        now: () => Date.now(),
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
        shared: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v), remove: (k) => void store.delete(k) },
        channel: {
          post: (m) => b.post(name, m),
          subscribe: (fn) => {
            mine.add(fn);
            return () => mine.delete(fn);
          },
        },
        currentToken: () => b.token,
        refresh: async () => {
          b.refreshes++;
          await Promise.resolve();
          if (b.failRefresh) throw new Error('network down');
          b.token = { id: `token-${++serial}`, lifetimeMs };
        },
        onEnd: (r) => ended.push(r),
        fallbackTimeoutMs: lifetimeMs,
      });
      return { monitor, ended };
    },
  };
  return b;
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refreshEveryMs', () => {
  it('renews after a tenth of the lifetime, at least 5 s and at most 60 s', () => {
    expect(refreshEveryMs(MINUTE)).toBe(6_000);
    expect(refreshEveryMs(10_000)).toBe(5_000);
    expect(refreshEveryMs(60 * MINUTE)).toBe(60_000);
  });
});

describe('one tab', () => {
  it('ends the session exactly one lifetime after the last activity when the user does nothing', async () => {
    const b = browser();
    const { monitor, ended } = b.tab('a');
    monitor.start();
    expect(monitor.deadline()).toBe(Date.now() + MINUTE);
    await advance(MINUTE - 1);
    expect(ended).toEqual([]);
    await advance(1);
    expect(ended).toEqual(['expired']);
    expect(b.refreshes).toBe(0);
  });

  it('keeps the session while the user is active: activity renews the token and moves the deadline', async () => {
    const b = browser();
    const { monitor, ended } = b.tab('a');
    monitor.start();
    await advance(40_000);
    monitor.activity();
    await advance(0);
    expect(b.refreshes).toBe(1);
    expect(b.token?.id).toBe('token-2');
    await advance(40_000); // 80 s after start: past the first token's life
    expect(ended).toEqual([]);
    expect(monitor.deadline()).toBe(Date.now() + 20_000);
    await advance(20_000);
    expect(ended).toEqual(['expired']);
  });

  it('does not renew a token younger than refreshEveryMs, however busy the user is', async () => {
    const b = browser();
    const { monitor } = b.tab('a');
    monitor.start();
    for (let i = 0; i < 5; i++) {
      await advance(1_000);
      monitor.activity();
    }
    expect(b.refreshes).toBe(0);
    await advance(1_000);
    monitor.activity();
    await advance(0);
    expect(b.refreshes).toBe(1);
  });

  it('ends rather than revives when activity arrives after the deadline (a throttled background tab)', async () => {
    const b = browser();
    const { monitor, ended } = b.tab('a');
    monitor.start();
    monitor.stop();
    monitor.start(); // running again, with the same token and deadline
    vi.setSystemTime(Date.now() + MINUTE + 5_000); // time passes without timers firing
    monitor.activity();
    expect(ended).toEqual(['expired']);
    expect(b.refreshes).toBe(0);
  });

  it('keeps the old deadline when a renewal fails, and ends then', async () => {
    const b = browser();
    b.failRefresh = true;
    const { monitor, ended } = b.tab('a');
    monitor.start();
    await advance(30_000);
    monitor.activity();
    await advance(0);
    expect(b.refreshes).toBe(1);
    monitor.activity(); // retried only after a pause
    await advance(0);
    expect(b.refreshes).toBe(1);
    await advance(30_000);
    expect(ended).toEqual(['expired']);
  });

  it('ends at once when reopened after the session idled past its deadline', async () => {
    const b = browser();
    b.tab('a').monitor.start();
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    const reopened = b.tab('a-reloaded');
    reopened.monitor.start();
    expect(reopened.ended).toEqual(['expired']);
  });

  it('starts afresh with a new token even when an old session left its activity behind', async () => {
    const b = browser();
    b.store.set(SHARED_KEYS.activity, String(Date.now() - 10 * MINUTE));
    b.token = { id: 'new-login', lifetimeMs: MINUTE };
    const { monitor, ended } = b.tab('a');
    monitor.start();
    expect(ended).toEqual([]);
    expect(monitor.deadline()).toBe(Date.now() + MINUTE);
  });

  it('treats a token that vanished after the deadline as the expiry (another tab ended first)', async () => {
    const b = browser();
    const { monitor, ended } = b.tab('a');
    monitor.start();
    vi.setSystemTime(Date.now() + MINUTE + 1);
    b.token = null;
    monitor.check();
    expect(ended).toEqual(['expired']);
  });

  it('does not start without a token, so a shell mounting as the session ends elsewhere does not end it again', async () => {
    const b = browser();
    b.token = null;
    const { monitor, ended } = b.tab('a');
    monitor.start();
    monitor.check();
    expect(ended).toEqual([]);
    expect(monitor.deadline()).toBeNull();
  });

  it('treats a vanished token as a logout', async () => {
    const b = browser();
    const { monitor, ended } = b.tab('a');
    monitor.start();
    b.token = null;
    monitor.check();
    expect(ended).toEqual(['logout']);
  });
});

describe('several tabs of one browser', () => {
  it('keeps an idle tab alive while the user works in another one', async () => {
    const b = browser();
    const busy = b.tab('busy');
    const idle = b.tab('idle');
    busy.monitor.start();
    idle.monitor.start();
    for (let t = 0; t < 5; t++) {
      await advance(30_000);
      busy.monitor.activity();
      await advance(0);
    }
    expect(idle.ended).toEqual([]);
    expect(busy.ended).toEqual([]);
    expect(b.refreshes).toBe(5);
    await advance(MINUTE);
    expect(busy.ended).toEqual(['expired']);
    expect(idle.ended).toEqual(['expired']);
  });

  it('lets only one tab renew at a time', async () => {
    const b = browser();
    const one = b.tab('one');
    const two = b.tab('two');
    one.monitor.start();
    two.monitor.start();
    await advance(10_000);
    one.monitor.activity();
    two.monitor.activity();
    await advance(0);
    expect(b.refreshes).toBe(1);
  });

  it('ends every tab when one tab reaches the deadline, and says so once', async () => {
    const b = browser();
    const tabs = [b.tab('a'), b.tab('b'), b.tab('c')];
    tabs.forEach((t) => t.monitor.start());
    await advance(MINUTE);
    expect(tabs.map((t) => t.ended)).toEqual([['expired'], ['expired'], ['expired']]);
  });

  it('ends the other tabs with reason logout when one tab logs out, and only once', () => {
    const b = browser();
    const a = b.tab('a');
    const other = b.tab('other');
    a.monitor.start();
    other.monitor.start();
    // What shared/session/auth's logout() posts from the tab that logs out.
    b.post('logging-out', { type: 'logout', reason: 'logout' });
    b.post('logging-out', { type: 'logout', reason: 'logout' });
    expect(a.ended).toEqual(['logout']);
    expect(other.ended).toEqual(['logout']);
  });

  it('re-reads the shared state on a sync message: a token renewed elsewhere moves the deadline', async () => {
    const b = browser();
    const a = b.tab('a');
    a.monitor.start();
    await advance(30_000);
    b.token = { id: 'renewed-elsewhere', lifetimeMs: MINUTE };
    b.store.set(SHARED_KEYS.token, JSON.stringify({ id: 'renewed-elsewhere', receivedAt: Date.now(), lifetimeMs: MINUTE }));
    b.store.set(SHARED_KEYS.activity, String(Date.now()));
    b.post('elsewhere', { type: 'sync' });
    expect(a.monitor.deadline()).toBe(Date.now() + MINUTE);
    await advance(59_000);
    expect(a.ended).toEqual([]);
    await advance(1_000);
    expect(a.ended).toEqual(['expired']);
  });
});
