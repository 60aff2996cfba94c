/**
 * Where the Firewall tab keeps a server's unsaved draft: in memory for the page's life, so that
 * leaving the tab (or the server) and coming back finds it again, marked as differing from the
 * saved rules. Nothing is written to storage (the session state holds only the spec's keys), and
 * the drafts go with the session: a logout drops them all.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../../../shared/session/store';
import type { FirewallDraft } from './firewall-draft';

const drafts = new Map<number, FirewallDraft>();
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((fn) => fn());
}

// A logout (the token goes; a renewed token keeps them) drops every draft: the next user of the
// tab starts from the saved rules.
subscribeSession('token', () => {
  if (drafts.size === 0 || getSession('token') !== null) return;
  drafts.clear();
  emit();
});

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The server's draft (null when there is none) and its setter (null drops it). */
export function useFirewallDraft(provisionedId: number): [FirewallDraft | null, (next: FirewallDraft | null) => void] {
  const draft = useSyncExternalStore(subscribe, () => drafts.get(provisionedId) ?? null);
  const set = useCallback(
    (next: FirewallDraft | null) => {
      if (next) drafts.set(provisionedId, next);
      else drafts.delete(provisionedId);
      emit();
    },
    [provisionedId],
  );
  return [draft, set];
}
