/**
 * The operation sweeper, the recurring job `vm.sweep-operations`: VM operations nobody works on (a
 * send that was lost, a worker that died) go back into the queue; those that failed too often are
 * given up, and their VM's pending power state becomes UNKNOWN.
 */
import { JobName, type JobDeps } from '../../jobs/job-types.js';
import { sweepStranded } from '../../jobs/sweep-stranded.js';
import * as repo from './vms.repository.js';

/** Sends stranded operations again, or gives them up; answers how many of each. */
export function sweepStrandedOperations(deps: Pick<JobDeps, 'db' | 'jobs'>): Promise<{ resent: number; abandoned: number }> {
  return sweepStranded(deps, {
    find: repo.strandedOperations,
    abandon: repo.abandonOperation,
    // No singleton key: the stranded operation's old job may still count as active in the queue
    // (its worker died). A duplicate run is harmless — only one can claim the operation.
    resend: (op) => deps.jobs.send(JobName.VmOperation, { operationId: op.id }),
  });
}
