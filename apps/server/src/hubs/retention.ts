/**
 * How long hub rows are kept, and their pruning: the recurring job `hubs.prune` (jobs/job-schedules.ts)
 * calls {@link pruneHubTables} hourly in one worker.
 */
import type { Database } from '../db/database.js';
import { pruneExpired } from './hubs.repository.js';

/** How long hub rows are kept: messages a week (recent answers only 24 h), ended mappings a day. */
export const HUB_RETENTION = {
  messagesDays: 7,
  inactiveConnectionsDays: 1,
  /** Mappings of sockets an instance lost without closing them (a crash) stay active; cleared after 30 days. */
  activeConnectionsDays: 30,
} as const;

/** Removes expired hub rows (system scope); gives how many of each. Idempotent and cheap. */
export async function pruneHubTables(db: Database): Promise<{ messages: number; connections: number }> {
  return db.system((tx) => pruneExpired(tx, HUB_RETENTION));
}
