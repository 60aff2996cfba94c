/**
 * The enqueue-only ticker of the periodic jobs (job-schedules.ts). Every worker process runs one:
 * each second it offers every periodic job for the current slot of its period, and does no work
 * itself. pg-boss keeps one job per (queue, slot) — its `singletonSeconds` unique index — so across
 * N processes each period's job is created once and run by one worker; the queues' 'stately' policy
 * keeps at most one waiting behind a running one, so a slow run never piles up a backlog. An offer
 * that fails (the database away) is made again a second later: no period is lost while any worker
 * lives.
 */
import type { PeriodicJob } from './job-schedules.js';

/** How often the ticker offers: well under the shortest period (1 s), so a slot is never skipped. */
export const TICK_MS = 1000;

export interface RecurringTicker {
  /** Stops offering; waits for an offer under way. */
  stop(): Promise<void>;
}

/**
 * Starts offering `jobs` every {@link TICK_MS} through `offer` (which enqueues the job for the
 * current slot, or does nothing when that slot has its job); `onError` hears failed offers.
 */
export function startRecurringTicker(
  jobs: readonly PeriodicJob[],
  offer: (job: PeriodicJob) => Promise<unknown>,
  onError: (job: PeriodicJob, err: unknown) => void,
): RecurringTicker {
  let running: Promise<void> | null = null;
  const tick = async () => {
    for (const job of jobs) await offer(job).catch((e: unknown) => onError(job, e));
  };
  const fire = () => {
    // A tick still offering (a slow database) is not doubled.
    if (running) return;
    running = tick().finally(() => (running = null));
  };
  fire();
  const timer = setInterval(fire, TICK_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
