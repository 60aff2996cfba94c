/**
 * Messages between the tabs of one browser about the session (logout, token renewed), over a
 * BroadcastChannel, or localStorage events where BroadcastChannel is missing.
 */
import type { SessionMessage } from './inactivity';

const CHANNEL = 'portside-session';
const STORAGE_KEY = 'portside.session.message';

type Listener = (message: SessionMessage) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function isMessage(v: unknown): v is SessionMessage {
  const m = v as { type?: unknown; reason?: unknown } | null;
  if (!m || typeof m !== 'object') return false;
  return m.type === 'sync' || (m.type === 'logout' && (m.reason === 'expired' || m.reason === 'logout'));
}

function deliver(v: unknown): void {
  if (isMessage(v)) listeners.forEach((fn) => fn(v));
}

function connect(): void {
  if (channel !== undefined || typeof window === 'undefined') return;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) {
    channel.onmessage = (e: MessageEvent) => deliver(e.data);
    return;
  }
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY || !e.newValue) return;
    try {
      deliver((JSON.parse(e.newValue) as { m: unknown }).m);
    } catch {
      // not ours
    }
  });
}

/** The channel as the inactivity monitor wants it: messages are not echoed to this tab. */
export const sessionChannel = {
  post(message: SessionMessage): void {
    connect();
    if (channel) {
      channel.postMessage(message);
      return;
    }
    try {
      // A unique value, so the same message twice still fires a storage event.
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ m: message, at: Date.now(), r: Math.random() }));
    } catch {
      // storage disabled: other tabs learn of it on their next call to the server
    }
  },
  subscribe(fn: Listener): () => void {
    connect();
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

/** Tells this tab's own listeners too (e.g. its monitor, after this tab stored a new token). */
export function notifySession(message: SessionMessage): void {
  sessionChannel.post(message);
  deliver(message);
}
