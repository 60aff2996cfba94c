/**
 * The one list of recurring work. Each recurring job declares either a cron expression (UTC; pg-boss
 * runs its schedule) or a period in seconds (the enqueue-only ticker of recurring-ticker.ts offers
 * it to pg-boss, which keeps one job per period across every worker process). Nothing else in the
 * server runs work on a timer: a test holds this list to every recurring duty and refuses
 * `setInterval` outside the ticker and the protocol timers it names.
 */
import { JobName } from './job-types.js';

/** A job pg-boss runs on a cron schedule (UTC). */
export interface CronJob {
  name: JobName;
  cron: string;
}

/** A job run once in every period of `everySeconds` (the period's slot is aligned to the epoch). */
export interface PeriodicJob {
  name: JobName;
  everySeconds: number;
}

export type RecurringJob = CronJob | PeriodicJob;

/** Whether a recurring job is periodic (rather than cron). */
export function isPeriodic(job: RecurringJob): job is PeriodicJob {
  return 'everySeconds' in job;
}

/** How often the retry sweep mails invoices whose mail failed. */
const INVOICE_MAIL_RETRY_SECONDS = 60;

/**
 * Every recurring job. The cluster sync and the two sweepers run at the heartbeat's period
 * (HEARTBEAT_MS, whole seconds, at least 1): activity levels turn WARNING after a minute without
 * contact, and a stranded operation is sent again 10 s after it was queued.
 */
export function recurringJobs(periods: { heartbeatMs: number }): RecurringJob[] {
  const heartbeat = Math.max(1, Math.round(periods.heartbeatMs / 1000));
  return [
    { name: JobName.ClusterSync, everySeconds: heartbeat },
    { name: JobName.VmSweepOperations, everySeconds: heartbeat },
    { name: JobName.OrderSweepProvisioning, everySeconds: heartbeat },
    { name: JobName.InvoiceMailRetry, everySeconds: INVOICE_MAIL_RETRY_SECONDS },
    // Every minute: the daily backups whose slot in the night window has come (vm-data/backup-schedule.ts).
    { name: JobName.BackupsDaily, everySeconds: 60 },
    // Every minute: lost reverse-name and gateway pushes sent again, unverified domains looked up (modules/network).
    { name: JobName.NetworkSweep, everySeconds: 60 },
    // Every 30 s: the dedicated servers' power states (and, every ten minutes, inventories) from their BMCs.
    { name: JobName.DedicatedSync, everySeconds: 30 },
    // Every 30 s: VPN servers' configurations still due (new and rebuilt servers, pushes given up: modules/vpn).
    { name: JobName.VpnSweep, everySeconds: 30 },
    // Every ten minutes: the routers' subnets, ARP tables and DHCP leases (modules/routers).
    { name: JobName.RoutersSync, everySeconds: 600 },
    // Hourly at :15, away from the top of the hour other housekeeping crowds.
    { name: JobName.HubsPrune, cron: '15 * * * *' },
    // Daily at 03:30 UTC, after the nightly backups window (00:00-03:00).
    { name: JobName.VerificationPurgeDocuments, cron: '30 3 * * *' },
    // The 1st of each month at 02:00 UTC: the month that just ended.
    { name: JobName.BillingMonthly, cron: '0 2 1 * *' },
    // Daily at 00:10 UTC: the services whose last day (or free trial) ended at midnight.
    { name: JobName.ServicesEnd, cron: '10 0 * * *' },
  ];
}

/** Jobs sent for one thing (an operation, an item, an invoice), never on a schedule. */
export const ON_DEMAND_JOBS: readonly JobName[] = [
  JobName.VmOperation,
  JobName.OrderProvision,
  JobName.InvoiceMail,
  JobName.IsoDownload,
  JobName.IpsetSync,
  JobName.ReverseDnsPush,
  JobName.GatewaySync,
  JobName.DedicatedPower,
  JobName.VpnPush,
  JobName.RoutersRebuild,
];
