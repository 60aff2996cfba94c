/**
 * The client-side session state of spec 1 §3, kept in sessionStorage so it lasts for the tab
 * session. Every key of SESSION_KEYS is stored as JSON under its own name; nothing else is stored.
 */
import { useSyncExternalStore } from 'react';
import { LOGOUT_CLEARED_KEYS, type SessionKey } from '@portside/contract/constants';
import type { Profile } from '@portside/contract/schemas/profile';
import type { CartItem } from '@portside/contract/rules/cart';
import type { MyIpRow } from '@portside/contract/schemas/network';
import type { HelptextRow } from '@portside/contract/schemas/support';
import type { ServerStats } from '@portside/contract/schemas/dedicated';

/** The value type held under each session key. Areas built later narrow their own `unknown`s. */
export interface SessionValues {
  token: string | null;
  customerDetails: Profile | null;
  cartItems: CartItem[];
  pspHelperValue: string | null;
  products: unknown;
  productsVms: unknown;
  hostingLocationGlobal: unknown;
  errorMessage: string | null;
  orderData: unknown;
  serverBuilderData: unknown;
  /** The account's own addresses (MyIPs), as IP management last read them. */
  myIps: MyIpRow[] | null;
  serverDetails: unknown;
  /** The ServerStats row of the dedicated server last opened (spec 2 §7: its first row). */
  serverDedicatedDetails: ServerStats | null;
  /** The last Helptexts answer read (spec 2 §7: `label=eq.{label}`, stored as the help text). */
  helpText: HelptextRow[] | null;
  loading: boolean;
}

// Compile-time check that SessionValues has exactly the keys of the spec.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const keysMatch: Exact<keyof SessionValues, SessionKey> = true;
void keysMatch;

const DEFAULTS: SessionValues = {
  token: null,
  customerDetails: null,
  cartItems: [],
  pspHelperValue: null,
  products: null,
  productsVms: null,
  hostingLocationGlobal: null,
  errorMessage: null,
  orderData: null,
  serverBuilderData: null,
  myIps: null,
  serverDetails: null,
  serverDedicatedDetails: null,
  helpText: null,
  loading: false,
};

const cache = new Map<SessionKey, unknown>();
const listeners = new Map<SessionKey, Set<() => void>>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser: the state then lives in memory only
  }
}

function read<K extends SessionKey>(key: K): SessionValues[K] {
  if (cache.has(key)) return cache.get(key) as SessionValues[K];
  let value: SessionValues[K] = DEFAULTS[key];
  const raw = storage()?.getItem(key);
  if (raw != null) {
    try {
      value = JSON.parse(raw) as SessionValues[K];
    } catch {
      storage()?.removeItem(key);
    }
  }
  cache.set(key, value);
  return value;
}

function emit(key: SessionKey): void {
  listeners.get(key)?.forEach((fn) => fn());
}

/** The current value of a session key (outside React). */
export function getSession<K extends SessionKey>(key: K): SessionValues[K] {
  return read(key);
}

/** Sets a session key; null/undefined restores the default and removes it from storage. */
export function setSession<K extends SessionKey>(key: K, value: SessionValues[K] | null | undefined): void {
  const next = value ?? DEFAULTS[key];
  if (Object.is(read(key), next)) {
    // Clearing always empties the storage, even when this tab already held the default (another
    // script may have written the key behind the cache).
    if (value == null) storage()?.removeItem(key);
    return;
  }
  cache.set(key, next);
  const s = storage();
  try {
    if (value == null) s?.removeItem(key);
    else s?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded: keep the in-memory value so the tab still works
  }
  emit(key);
}

/** Subscribes to one key; returns the unsubscribe function. */
export function subscribeSession(key: SessionKey, fn: () => void): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** React hook: the value of a session key, re-rendering when it changes. */
export function useSession<K extends SessionKey>(key: K): SessionValues[K] {
  return useSyncExternalStore(
    (fn) => subscribeSession(key, fn),
    () => read(key),
    () => DEFAULTS[key],
  );
}

/** Clears exactly the keys logout clears (spec 1 §4): all but pspHelperValue and loading. */
export function clearOnLogout(): void {
  for (const key of LOGOUT_CLEARED_KEYS) setSession(key, null);
}
