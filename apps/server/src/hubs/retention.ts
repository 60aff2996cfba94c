import type { Database } from '../db/database.js';

/** How long hub rows are kept: messages a week (recent answers only 24 h), ended mappings a day. */
export const HUB_RETENTION = {
  messagesDays: 7,
  inactiveConnectionsDays: 1,
  /** Mappings of sockets an instance lost without closing them (a crash) stay active; cleared after 30 days. */
  activeConnectionsDays: 30,
  everyMs: 60 * 60 * 1000,
} as const;

/**
 * Removes expired hub rows (system scope); gives how many of each. Idempotent and cheap, so every
 * api instance may run it (see {@link startHubRetention}); a scheduled job could call it instead.
 */
export async function pruneHubTables(db: Database): Promise<{ messages: number; connections: number }> {
  return db.system(async (tx) => {
    const m = await tx.query(`DELETE FROM hub_messages WHERE created_at < now() - make_interval(days => $1)`, [
      HUB_RETENTION.messagesDays,
    ]);
    const c = await tx.query(
      `DELETE FROM hub_connections
        WHERE (NOT active AND deactivated_at < now() - make_interval(days => $1))
           OR (active AND created_at < now() - make_interval(days => $2))`,
      [HUB_RETENTION.inactiveConnectionsDays, HUB_RETENTION.activeConnectionsDays],
    );
    return { messages: m.rowCount ?? 0, connections: c.rowCount ?? 0 };
  });
}

/** Prunes once an hour in the background; the returned function stops it. */
export function startHubRetention(db: Database, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void pruneHubTables(db).catch(onError), HUB_RETENTION.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
