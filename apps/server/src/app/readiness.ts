/**
 * Readiness for load balancers (issue 19): an instance is ready when the database answers, every
 * migration of this build is applied and some worker's heartbeat is recent. While it shuts down it
 * is never ready, so the balancer drains it before the connections close.
 */
import type { Database } from '../db/database.js';
import { migrationNames } from '../db/migrate.js';
import { appliedMigrations, workerHeartbeatAge } from './health.repository.js';

/** Shared by main.ts (which sets `draining` on SIGTERM) and the /readyz route. */
export interface ReadinessState {
  draining: boolean;
}

/** 'ok', or why the check failed. */
export type CheckResult = string;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; worker: CheckResult };
}

/** How long one check may take: a balancer's probe must not hang on a database that does not answer. */
const CHECK_TIMEOUT_MS = 2_000;

/** `p`, or a rejection after `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_ok, fail) => (timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

let ownMigrations: string[] | null = null;

/** Runs the three checks side by side, each bounded by a short time-out. */
export async function checkReadiness(db: Database, workerStaleMs: number): Promise<Readiness> {
  ownMigrations ??= migrationNames();
  const names = ownMigrations;
  const [database, migrations, worker] = await Promise.all([
    withTimeout(db.ping(), CHECK_TIMEOUT_MS).then(
      (ok) => (ok ? 'ok' : 'not answering'),
      () => 'not answering',
    ),
    withTimeout(appliedMigrations(db.owner), CHECK_TIMEOUT_MS).then(
      (applied) => {
        const missing = names.filter((n) => !applied.has(n));
        return missing.length ? `not applied: ${missing.join(', ')}` : 'ok';
      },
      () => 'unknown (the database did not answer)',
    ),
    withTimeout(workerHeartbeatAge(db.owner), CHECK_TIMEOUT_MS).then(
      (age) =>
        age === null
          ? 'no worker heartbeat'
          : age * 1000 > workerStaleMs
            ? `last worker heartbeat ${Math.round(age)} s ago`
            : 'ok',
      () => 'unknown (the database did not answer)',
    ),
  ]);
  const checks = { database, migrations, worker };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
