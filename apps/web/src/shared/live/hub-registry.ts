/**
 * One hub connection per kind, shared by all its subscribers: opened with the first subscriber,
 * closed shortly after the last one leaves (a page change that unmounts one subscriber and
 * mounts the next keeps the connection), and closed at logout, when the account's connection
 * mappings are deactivated too.
 */
import type { Profile } from '@portside/contract/schemas/profile';
import { getSession, subscribeSession } from '../session/store';
import { connectHub, type HubHandle } from './hub-connection';
import type { HubKind } from '@portside/contract/hubs';
import type { HubMessage } from './hub-payload';
import { notificationAccount } from './notification-auth';
import { deactivateMappings } from './notification-calls';

/** How long a connection outlives its last subscriber. */
const LINGER_MS = 1000;

type Listener = (message: HubMessage) => void;

interface Entry {
  listeners: Set<Listener>;
  handle: HubHandle;
  closeTimer?: ReturnType<typeof setTimeout>;
}

const entries = new Map<HubKind, Entry>();
/** The customer details the open connections were registered for (deactivated at logout). */
let connectedProfile: Profile | null = null;

function close(kind: HubKind): void {
  const entry = entries.get(kind);
  if (!entry) return;
  entries.delete(kind);
  clearTimeout(entry.closeTimer);
  void entry.handle.stop();
}

/** Closes every hub connection (subscribers stay subscribed to nothing). */
export function closeAllHubs(): void {
  [...entries.keys()].forEach(close);
}

/** The kinds with an open (or opening) connection. */
export function openHubKinds(): HubKind[] {
  return [...entries.keys()];
}

/**
 * Subscribes to the live messages of one hub kind; returns the unsubscribe function.
 * Callers make sure the user is logged in (see useHubMessages).
 */
export function subscribeHub(kind: HubKind, listener: Listener): () => void {
  watchLogout();
  let entry = entries.get(kind);
  if (!entry) {
    const listeners = new Set<Listener>();
    const handle = connectHub(kind, (message) => listeners.forEach((fn) => fn(message)));
    entry = { listeners, handle };
    entries.set(kind, entry);
    connectedProfile = getSession('customerDetails');
  }
  clearTimeout(entry.closeTimer);
  entry.listeners.add(listener);
  const own = entry;
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size > 0 || entries.get(kind) !== own) return;
    own.closeTimer = setTimeout(() => {
      if (own.listeners.size === 0 && entries.get(kind) === own) close(kind);
    }, LINGER_MS);
  };
}

let watching = false;

/** At logout (token or customer details gone): close everything and deactivate the mappings. */
function watchLogout(): void {
  if (watching) return;
  watching = true;
  const check = () => {
    if (getSession('token') && getSession('customerDetails')) return;
    const profile = connectedProfile;
    connectedProfile = null;
    closeAllHubs();
    const account = notificationAccount(profile);
    if (account) void deactivateMappings(account);
  };
  subscribeSession('token', check);
  subscribeSession('customerDetails', check);
}
