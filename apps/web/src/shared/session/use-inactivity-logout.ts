/**
 * Wires the inactivity monitor (./inactivity) to the browser for a logged-in tab: activity events,
 * the tab becoming visible, localStorage as the state all tabs share, the session channel, token
 * renewal through POST /api/rpc/RefreshToken, and the way out: /session-expired when the idle
 * limit is reached, /login when another tab logged out.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { COOKIES } from '@portside/contract/constants';
import { LOGOUT_MINUTES } from '@portside/contract/constants';
import { api } from '../api/client';
import { logout, storeToken } from './auth';
import { getCookie } from './cookies';
import { createInactivityMonitor, type EndReason, type InactivityDeps } from './inactivity';
import { sessionChannel } from './session-channel';
import { SESSION_ENDED_STATE } from './session-ended';
import { useSession } from './store';
import { tokenInfo } from './token-info';

/** Events that count as the user doing something. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Pointer moves fire many times a second; one per this many ms is enough. */
const EVENT_THROTTLE_MS = 500;

const shared: InactivityDeps['shared'] = {
  get: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage disabled: this tab still times out on its own
    }
  },
  remove: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // see above
    }
  },
};

/** Answer of RefreshToken. */
interface RefreshAnswer {
  token: string;
}

export function useInactivityLogout(): void {
  const navigate = useNavigate();
  const minutes = useSession('customerDetails')?.logout_after_minutes ?? LOGOUT_MINUTES.default;
  const minutesRef = useRef(minutes);
  minutesRef.current = minutes;
  /** Set once this tab has left the session, so a remounted shell does not end it a second time. */
  const endedRef = useRef(false);

  useEffect(() => {
    const monitor = createInactivityMonitor({
      // window's clock and timers, so a test's fake clock (Playwright page.clock) drives them.
      now: () => Date.now(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      shared,
      channel: sessionChannel,
      currentToken: () => tokenInfo(getCookie(COOKIES.token.name)),
      refresh: async () => {
        const { token } = await api.rpc<RefreshAnswer>('RefreshToken', {});
        storeToken(token);
      },
      onEnd: (reason: EndReason) => {
        if (endedRef.current) return;
        endedRef.current = true;
        // Leave the page first, then clear the session: clearing the query cache under a page that
        // is still mounted would refetch its data without a token and end up on /logout-raw.
        const leaving =
          reason === 'expired'
            ? navigate('/session-expired', { replace: true, state: SESSION_ENDED_STATE })
            : navigate('/login', { replace: true });
        void Promise.resolve(leaving).finally(() => logout({ broadcast: false }));
      },
      fallbackTimeoutMs: minutesRef.current * 60_000,
    });

    let lastEvent = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastEvent < EVENT_THROTTLE_MS) return;
      lastEvent = now;
      monitor.activity();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') monitor.activity();
    };
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    document.addEventListener('visibilitychange', onVisibility);
    monitor.start();

    return () => {
      monitor.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [navigate]);
}
