/**
 * One handler per job name, and the cron schedule of the recurring ones. Handlers call into the
 * modules' services; the runner (boss.ts) only moves jobs.
 */
import { purgeVerificationDocuments } from '../modules/verification/verification.purge.js';
import { billingMonth } from '@portside/contract/rules/billing-period';
import { runMonthlyInvoicing } from '../modules/billing/monthly-invoicing.js';
import { runVmOperation } from '../modules/vms/vm-operations.js';
import { runProvision } from '../modules/orders/provision.js';
import { runServicesEnd } from '../modules/services/services-end.js';
import { JobName, JobStatus, type JobHandler } from './job-types.js';

export const JOB_HANDLERS: { [K in JobName]: JobHandler<K> } = {
  [JobName.VerificationPurgeDocuments]: async (deps) => {
    const { deleted, failed } = await purgeVerificationDocuments(deps);
    if (failed > 0) return { status: JobStatus.Failed, detail: `${deleted} deleted, ${failed} could not be deleted` };
    if (deleted === 0) return { status: JobStatus.Skipped, detail: 'no document past retention' };
    return { status: JobStatus.Success, detail: `${deleted} deleted` };
  },
  [JobName.VmOperation]: (deps, job) => runVmOperation(deps, job.data.operationId),
  [JobName.OrderProvision]: (deps, job) => runProvision(deps, job.data.itemId),
  [JobName.BillingMonthly]: async (deps, job) => {
    const month = job.data?.month;
    if (month !== undefined && !billingMonth(month))
      return { status: JobStatus.Failed, detail: `not a month (YYYY-MM): ${month}` };
    const r = await runMonthlyInvoicing(deps, month);
    const detail =
      `${r.month}: ${r.issued} issued, ${r.existing} existed, ${r.nothing} with nothing to bill, ` +
      `${r.addressInvalid} skipped for an invalid billing country, ${r.failed} failed; ${r.mailed} mailed, ${r.mailFailed} mails failed`;
    // A skipped account leaves the month unfinished: Failed makes the runner retry it (and shows it).
    if (r.failed > 0 || r.addressInvalid > 0) return { status: JobStatus.Failed, detail };
    return { status: r.issued > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
  [JobName.ServicesEnd]: (deps) => runServicesEnd(deps),
};

/** Recurring jobs: cron expressions in UTC. */
export const JOB_SCHEDULES: ReadonlyArray<{ name: JobName; cron: string }> = [
  // Daily at 03:30 UTC, after the nightly backups window (00:00-03:00).
  { name: JobName.VerificationPurgeDocuments, cron: '30 3 * * *' },
  // The 1st of each month at 02:00 UTC: the month that just ended.
  { name: JobName.BillingMonthly, cron: '0 2 1 * *' },
  // Daily at 00:10 UTC: the services whose last day (or free trial) ended at midnight.
  { name: JobName.ServicesEnd, cron: '10 0 * * *' },
];

/** Runs one job's handler directly (the runner does this; tests and scripts can too). */
export function runJob<T extends JobName>(
  name: T,
  deps: Parameters<JobHandler<T>>[0],
  data: Parameters<JobHandler<T>>[1]['data'],
) {
  const handler = JOB_HANDLERS[name] as JobHandler<T>;
  return handler(deps, { name, data });
}
