/**
 * The dedicated servers' sync (issue 17; the DedicatedSync job, every 30 s): each server's BMC is
 * asked for its power state (the account is told of a change on hub 'dedicated'), and every ten
 * minutes for its disks, memory and sensors — so a drive turning unhealthy shows on the details
 * page within minutes. A BMC that does not answer marks its server unreachable and keeps the last
 * state; the sync itself never fails for one BMC. It also sends power jobs whose send was lost.
 */
import { JobName, type JobDeps } from '../../jobs/job-types.js';
import { BaremetalError } from '../../drivers/baremetal/baremetal.js';
import * as jobsRepo from './dedicated-jobs.repository.js';
import { publishDedicated } from './dedicated-power.js';

/** How often the inventory is read, seconds. */
export const INVENTORY_SECONDS = 600;
/** How many BMCs are asked at once. */
const PARALLEL = 8;
/** A power job still queued after this many seconds lost its send. */
const STRANDED_SECONDS = 15;

export interface DedicatedSyncResult {
  servers: number;
  unreachable: number;
  resent: number;
}

async function syncOne(deps: JobDeps, { serial, inventory, seen }: jobsRepo.ServerToSync): Promise<boolean> {
  try {
    const bmc = await deps.baremetal.forServer(serial);
    const sys = await bmc.system();
    const inv = inventory ? { drives: await bmc.drives(), memory: await bmc.memory(), sensors: await bmc.sensors() } : null;
    await deps.db.system(async (tx) => {
      const r = await jobsRepo.recordSystem(tx, serial, sys, seen);
      if (inv) await jobsRepo.recordInventory(tx, serial, inv);
      if (r?.changed) await publishDedicated(tx, r.clientId, { serial, event: 'power', power_state: sys.powerState });
    });
    return true;
  } catch (e) {
    if (!(e instanceof BaremetalError)) throw e;
    await deps.db.system(async (tx) => {
      const r = await jobsRepo.recordUnreachable(tx, serial, `${e.code}: ${e.message}`);
      if (r.changed) await publishDedicated(tx, r.clientId, { serial, event: 'power', power_state: 'Unknown' });
    });
    return false;
  }
}

export async function syncDedicatedServers(deps: JobDeps): Promise<DedicatedSyncResult> {
  const { servers, stranded } = await deps.db.system(async (tx) => ({
    servers: await jobsRepo.serversToSync(tx, INVENTORY_SECONDS),
    stranded: await jobsRepo.strandedPowerJobs(tx, STRANDED_SECONDS),
  }));
  for (const id of stranded)
    await deps.jobs.send(JobName.DedicatedPower, { jobId: id }, { singletonKey: `dedicated-power:${id}` });
  let unreachable = 0;
  for (let i = 0; i < servers.length; i += PARALLEL) {
    const batch = servers.slice(i, i + PARALLEL);
    const ok = await Promise.all(batch.map((s) => syncOne(deps, s)));
    unreachable += ok.filter((x) => !x).length;
  }
  return { servers: servers.length, unreachable, resent: stranded.length };
}
