/**
 * Stored (recent) terminal messages are put in front of the live ones 3 s after start (spec 1
 * 'Terminal console'). A live message that arrived before the merge is usually stored too: the
 * stored copy is then left out, so it does not show twice.
 */
import type { TerminalEntry } from './terminal-entry';

/** How far apart the stored and received times of one message may be (clocks differ). */
export const SAME_MESSAGE_WINDOW_MS = 15_000;

/**
 * `stored` (oldest first) in front of `live`, without the stored copies of live messages: each
 * live message hides at most one stored message with the same key sent close to its time.
 */
export function mergeStored(stored: readonly TerminalEntry[], live: readonly TerminalEntry[]): TerminalEntry[] {
  const unmatched = [...live];
  const kept = stored.filter((s) => {
    const at = Date.parse(s.at);
    const i = unmatched.findIndex((l) => l.key === s.key && Math.abs(Date.parse(l.at) - at) <= SAME_MESSAGE_WINDOW_MS);
    if (i < 0) return true;
    unmatched.splice(i, 1);
    return false;
  });
  return [...kept, ...live];
}
