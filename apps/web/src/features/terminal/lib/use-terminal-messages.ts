/**
 * The terminal's messages: live ones from the terminal hub as they arrive, and the account's
 * stored (recent) ones put in front of them 3 s after start (spec 2 §9 'initial message merge').
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '@portside/contract/constants';
import { useSession } from '../../../shared/session/store';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { getRecentMessages } from '../api/get-recent-messages';
import { mergeStored } from './merge-stored';
import { entryFromMessage, type TerminalEntry } from './terminal-entry';

/** The most lines kept: older ones drop off the top. */
export const MAX_ENTRIES = 500;

const TERMINAL: ['terminal'] = ['terminal'];

const capped = (entries: TerminalEntry[]) => (entries.length > MAX_ENTRIES ? entries.slice(-MAX_ENTRIES) : entries);

/**
 * The messages and a clear function. `onLive` is called for each live message (after it is
 * added), e.g. to flash the collapsed line.
 */
export function useTerminalMessages(onLive: () => void): { entries: TerminalEntry[]; clear: () => void } {
  const [entries, setEntries] = useState<TerminalEntry[]>([]);
  const profile = useSession('customerDetails');
  const client = profile?.client ?? null;
  const profileRef = useRef(profile);
  const onLiveRef = useRef(onLive);
  useEffect(() => {
    profileRef.current = profile;
    onLiveRef.current = onLive;
  });
  // Once cleared (or merged), stored messages are not brought back.
  const mergeDone = useRef(false);

  useHubMessages(TERMINAL, (_kind, message) => {
    setEntries((list) => capped([...list, entryFromMessage(message, new Date().toISOString())]));
    onLiveRef.current();
  });

  useEffect(() => {
    if (!client) return;
    let cancelled = false;
    mergeDone.current = false;
    const stored = getRecentMessages(profileRef.current);
    const wait = new Promise<void>((resolve) => window.setTimeout(resolve, TIMING.terminalMergeMs));
    void Promise.all([stored, wait]).then(([items]) => {
      if (cancelled || mergeDone.current) return;
      mergeDone.current = true;
      if (items.length) setEntries((live) => capped(mergeStored(items, live)));
    });
    return () => {
      cancelled = true;
    };
  }, [client]);

  const clear = useCallback(() => {
    mergeDone.current = true;
    setEntries([]);
  }, []);

  return { entries, clear };
}
