/**
 * The enqueue-only ticker of the periodic jobs (job-schedules.ts). Every worker process runs one:
 * each second it offers every periodic job whose current slot it has not offered yet, and does no work
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
  // The slot (pg-boss's singletonSeconds slot: epoch seconds ÷ period) each job was last offered
  // for: one offer per slot and process, not one a second; a failed offer is made again next tick.
  const offered = new Map<PeriodicJob, number>();
  const tick = async () => {
    for (const job of jobs) {
      const slot = Math.floor(Date.now() / 1000 / job.everySeconds);
      if (offered.get(job) === slot) continue;
      await offer(job).then(
        () => offered.set(job, slot),
        (e: unknown) => onError(job, e),
      );
    }
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
