/**
 * One handler per job name; when the recurring ones run is in job-schedules.ts. Handlers call into
 * the modules' services; the runner (boss.ts) only moves jobs.
 */
import { purgeVerificationDocuments } from '../modules/verification/verification.purge.js';
import { billingMonth } from '@portside/contract/rules/billing-period';
import { runMonthlyInvoicing } from '../modules/billing/monthly-invoicing.js';
import { runVmOperation } from '../modules/vms/vm-operations.js';
import { runProvision } from '../modules/orders/provision.js';
import { runServicesEnd } from '../modules/services/services-end.js';
import { syncClusters } from '../modules/vms/cluster-sync.js';
import { sweepStrandedOperations } from '../modules/vms/operation-sweep.js';
import { sweepProvisioning } from '../modules/orders/order-paid.js';
import { mailInvoice, mailUnmailedInvoices } from '../modules/billing/invoice-mail.js';
import { pruneHubTables } from '../hubs/retention.js';
import { runDailyBackups } from '../modules/vm-data/backup-schedule.js';
import { runIsoDownload } from '../modules/iso/iso-download.js';
import { syncIpset } from '../modules/network/firewall-push.js';
import { pushReverseDns } from '../modules/network/reverse-dns.js';
import { syncGateway } from '../modules/network/port-forwards.service.js';
import { runNetworkSweep } from '../modules/network/network-sweep.js';
import { runDedicatedPower } from '../modules/dedicated/dedicated-power.js';
import { syncDedicatedServers } from '../modules/dedicated/dedicated-sync.js';
import { syncRouters } from '../modules/routers/routers-sync.js';
import { runVpnPush, runVpnSweep } from '../modules/vpn/vpn-push.js';
import { JobName, JobStatus, type JobHandler } from './job-types.js';
import { jobDuration } from '../metrics/metrics.js';

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
  [JobName.ClusterSync]: async (deps) => {
    const r = await syncClusters(deps);
    const detail = `${r.clusters} clusters, ${r.failedClusters} did not answer, ${r.seen} VMs seen`;
    // A cluster that does not answer is news for its VMs' activity, not a reason to re-run the sync.
    return { status: r.clusters > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
  [JobName.VmSweepOperations]: async (deps) => swept(await sweepStrandedOperations(deps)),
  [JobName.OrderSweepProvisioning]: async (deps) => swept(await sweepProvisioning(deps)),
  [JobName.InvoiceMail]: async (deps, job) => {
    const r = await mailInvoice(deps, job.data.invoiceId);
    if (r.failed > 0) return { status: JobStatus.Failed, detail: `invoice ${job.data.invoiceId}: the mail failed` };
    if (r.mailed === 0) return { status: JobStatus.Skipped, detail: `invoice ${job.data.invoiceId}: mailed already` };
    return { status: JobStatus.Success, detail: `invoice ${job.data.invoiceId} mailed` };
  },
  [JobName.InvoiceMailRetry]: async (deps) => {
    const r = await mailUnmailedInvoices(deps);
    const detail = `${r.mailed} mailed, ${r.failed} failed`;
    // Failed mails stay unmailed for the next run a minute later: retrying this one sooner gains nothing.
    return { status: r.mailed + r.failed > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
  [JobName.BackupsDaily]: async (deps) => {
    const r = await runDailyBackups(deps);
    const detail = `${r.asked} backups asked, ${r.waiting} waiting`;
    return { status: r.asked + r.waiting > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
  [JobName.IsoDownload]: (deps, job) => runIsoDownload(deps, job.data.isoId),
  [JobName.IpsetSync]: (deps, job) => syncIpset(deps, job.data.ipsetId),
  [JobName.ReverseDnsPush]: (deps, job) => pushReverseDns(deps, job.data.provisionedId, job.data.address),
  [JobName.GatewaySync]: (deps, job) => syncGateway(deps, job.data.gateway),
  [JobName.NetworkSweep]: (deps) => runNetworkSweep(deps),
  [JobName.DedicatedPower]: (deps, job) => runDedicatedPower(deps, job.data.jobId),
  [JobName.DedicatedSync]: async (deps) => {
    const r = await syncDedicatedServers(deps);
    const detail = `${r.servers} servers, ${r.unreachable} BMCs did not answer, ${r.resent} power jobs sent again`;
    return { status: r.servers + r.resent > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
  [JobName.VpnPush]: (deps, job) => runVpnPush(deps, job.data.provisionedId),
  [JobName.VpnSweep]: (deps) => runVpnSweep(deps),
  [JobName.RoutersSync]: async (deps) => routersSynced(await syncRouters(deps, null)),
  [JobName.RoutersRebuild]: async (deps, job) =>
    routersSynced(await syncRouters(deps, job.data.routerId === undefined ? null : [job.data.routerId])),
  [JobName.HubsPrune]: async (deps) => {
    const r = await pruneHubTables(deps.db);
    const detail = `${r.messages} messages, ${r.connections} connections deleted`;
    return { status: r.messages + r.connections > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
  },
};

/** A routers sync's result: Skipped when there is no router. */
function routersSynced(r: { routers: number; unreachable: number }) {
  const detail = `${r.routers} routers, ${r.unreachable} did not answer`;
  return { status: r.routers > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
}

/** A sweep's result: Skipped when nothing was stranded. */
function swept(r: { resent: number; abandoned: number }) {
  const detail = `${r.resent} sent again, ${r.abandoned} given up`;
  return { status: r.resent + r.abandoned > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
}

/** Runs one job's handler directly (the runner does this; tests and scripts can too), timed in portside_job_duration_seconds. */
export function runJob<T extends JobName>(
  name: T,
  deps: Parameters<JobHandler<T>>[0],
  data: Parameters<JobHandler<T>>[1]['data'],
) {
  const handler = JOB_HANDLERS[name] as JobHandler<T>;
  const end = jobDuration.startTimer({ name });
  return handler(deps, { name, data }).then(
    (result) => {
      end({ outcome: result.status });
      return result;
    },
    (e: unknown) => {
      end({ outcome: 'error' });
      throw e;
    },
  );
}
