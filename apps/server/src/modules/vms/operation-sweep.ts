/**
 * The operation sweeper, the recurring job `vm.sweep-operations`: VM operations nobody works on (a
 * send that was lost, a worker that died) go back into the queue; those that failed too often are
 * given up, and their VM's pending power state becomes UNKNOWN.
 */
import { JobName, type JobDeps } from '../../jobs/job-types.js';
import * as repo from './vms.repository.js';

/** How many runs an operation gets before the sweeper gives up on it. */
const MAX_ATTEMPTS = 6;
/** A queued operation older than this with no worker on it is sent again. */
const STRANDED_AFTER_MS = 10_000;

/** Sends stranded operations again, or gives them up; answers how many of each. */
export async function sweepStrandedOperations(
  deps: Pick<JobDeps, 'db' | 'jobs'>,
): Promise<{ resent: number; abandoned: number }> {
  const out = { resent: 0, abandoned: 0 };
  for (const op of await deps.db.system((tx) => repo.strandedOperations(tx, STRANDED_AFTER_MS))) {
    if (op.attempts >= MAX_ATTEMPTS) {
      await deps.db.system((tx) =>
        repo.abandonOperation(tx, op.id, `Gave up after ${op.attempts} attempts: the cluster did not answer`),
      );
      out.abandoned++;
      continue;
    }
    // No singleton key: the stranded operation's old job may still count as active in the queue
    // (its worker died). A duplicate run is harmless — only one can claim the operation.
    await deps.jobs.send(JobName.VmOperation, { operationId: op.id });
    out.resent++;
  }
  return out;
}
