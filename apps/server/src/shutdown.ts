/**
 * Graceful shutdown of a server process (issue 19), in the order a load balancer needs it: the
 * instance says it is not ready (for SHUTDOWN_DRAIN_DELAY_MS still listening), stops taking new connections and new jobs, lets the requests and
 * jobs under way finish (bounded by SHUTDOWN_TIMEOUT_MS), tells hub clients to reconnect elsewhere
 * (close code 1012, in the hubs' preClose), and only then closes its connections to the database.
 */
import type { FastifyInstance } from 'fastify';
import type { ReadinessState } from './app/readiness.js';
import type { JobRunner } from './jobs/boss.js';

export interface ShutdownParts {
  readiness: ReadinessState;
  app: FastifyInstance | null;
  /** The job runner of a worker process; null for an api-only one. */
  jobs: JobRunner | null;
  /** Everything closed after requests and jobs are done (producer, drivers, the database pools). */
  close: Array<() => Promise<unknown>>;
  timeoutMs: number;
  /** How long to keep listening (readyz 503) before the listener closes; counted in timeoutMs. */
  drainDelayMs: number;
  log: (m: string) => void;
}

/** Resolves after `ms`, or when `p` settles, whichever is first; true when `p` was first. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((ok) => (timer = setTimeout(() => ok(false), Math.max(0, ms)))),
  ]);
  clearTimeout(timer);
  return done;
}

/** Drains and closes everything of `parts`; resolves when the process may exit 0. */
export async function gracefulShutdown(parts: ShutdownParts): Promise<void> {
  const deadline = Date.now() + parts.timeoutMs;
  const left = () => deadline - Date.now();
  parts.readiness.draining = true;
  // No new jobs from now on; those running go on, and requests under way may still send jobs.
  await parts.jobs?.pause().catch(() => {});
  // The balancer sees the 503s of /readyz and takes the instance out before the listener closes.
  if (parts.app && parts.drainDelayMs > 0) await new Promise((ok) => setTimeout(ok, Math.min(parts.drainDelayMs, left())));
  if (parts.app) {
    const app = parts.app;
    // Fastify's close: hubs closed (preClose), the listener closed, idle keep-alive connections
    // ended, requests under way answered, then the onClose hooks.
    const drained = await within(app.close(), left());
    if (!drained) {
      parts.log(`requests still under way after ${parts.timeoutMs} ms: their connections are cut`);
      app.server.closeAllConnections();
    }
  }
  if (parts.jobs) {
    // A job still running when the time is up is failed, so pg-boss gives it to another worker.
    await parts.jobs.stop(Math.max(1_000, left())).catch(() => {});
  }
  for (const close of parts.close) await close().catch(() => {});
}
