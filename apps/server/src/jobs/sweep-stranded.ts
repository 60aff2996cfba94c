/**
 * The shape every sweeper of durable work shares (VM operations, ordered servers): what nobody
 * works on (a send that was lost, a worker that died) is sent to the queue again, and what was
 * tried too often is given up with the same words.
 */
import type { Tx } from '../db/database.js';
import type { JobDeps } from './job-types.js';

/** How many runs a piece of work gets before a sweeper gives up on it. */
export const MAX_ATTEMPTS = 6;
/** Work waiting this long with no worker on it is sent again. */
export const STRANDED_AFTER_MS = 10_000;

export interface Stranded {
  id: string;
  attempts: number;
}

/** Sends each stranded item again, or gives it up after {@link MAX_ATTEMPTS}; answers how many of each. */
export async function sweepStranded<T extends Stranded>(
  deps: Pick<JobDeps, 'db'>,
  o: {
    find: (tx: Tx, strandedAfterMs: number) => Promise<T[]>;
    abandon: (tx: Tx, id: string, reason: string) => Promise<unknown>;
    resend: (item: T) => Promise<unknown>;
  },
): Promise<{ resent: number; abandoned: number }> {
  const out = { resent: 0, abandoned: 0 };
  for (const item of await deps.db.system((tx) => o.find(tx, STRANDED_AFTER_MS))) {
    if (item.attempts >= MAX_ATTEMPTS) {
      await deps.db.system((tx) => o.abandon(tx, item.id, `Gave up after ${item.attempts} attempts: the cluster did not answer`));
      out.abandoned++;
      continue;
    }
    await o.resend(item);
    out.resent++;
  }
  return out;
}
