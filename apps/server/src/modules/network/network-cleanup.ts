/**
 * The sweep's part for deleted servers (however they were deleted: by the customer, at a service's
 * end, by staff): their port forwards leave the gateways and their reverse names go back to the
 * provider's default. Safe to repeat; a DNS or gateway outage leaves the rest for the next run.
 */
import type { JobDeps } from '../../jobs/job-types.js';
import { JobName } from '../../jobs/job-types.js';
import * as repo from './network-cleanup.repository.js';

export async function cleanUpDeletedServers(deps: JobDeps): Promise<number> {
  const gateways = await deps.db.system((tx) => repo.dropForwardsOfDeletedServers(tx));
  for (const gateway of gateways)
    await deps.jobs.send(JobName.GatewaySync, { gateway }, { singletonKey: `gateway-${gateway}` }).catch(() => null);
  const ptrs = await deps.db.system((tx) => repo.ptrsOfDeletedServers(tx));
  let done = 0;
  for (const p of ptrs) {
    if (!p.taken) {
      const ok = await deps.network.dns.setPtr(p.address, p.default_name).then(
        () => true,
        () => false,
      );
      if (!ok) break;
    }
    await deps.db.system((tx) => repo.dropPtrRow(tx, p.provisioned_id, p.address));
    done++;
  }
  return gateways.length + done;
}
