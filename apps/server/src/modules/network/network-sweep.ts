/**
 * The network's safety net, every minute (NetworkSweep): reverse names whose push was lost are sent
 * again, gateways with forwards not yet active are pushed again, unverified custom domains due
 * for a lookup are looked up, and deleted servers' forwards and reverse names are cleaned up.
 */
import { JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { resendStalePtrs } from './reverse-dns.js';
import { resyncGateways } from './port-forwards.service.js';
import { checkDomains } from './domains.service.js';
import { cleanUpDeletedServers } from './network-cleanup.js';

export async function runNetworkSweep(deps: JobDeps): Promise<JobResult> {
  const ptrs = await resendStalePtrs(deps);
  const gateways = await resyncGateways(deps);
  const d = await checkDomains(deps);
  const cleaned = await cleanUpDeletedServers(deps);
  const detail =
    `${ptrs} reverse names and ${gateways} gateways sent again; ${d.checked} domains looked up, ${d.verified} verified; ` +
    `${cleaned} leftovers of deleted servers cleaned up`;
  return { status: ptrs + gateways + d.checked + cleaned > 0 ? JobStatus.Success : JobStatus.Skipped, detail };
}
