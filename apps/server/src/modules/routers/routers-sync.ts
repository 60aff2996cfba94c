/**
 * The routers' sync (issue 18): each router is asked for its subnets, ARP table and DHCP leases,
 * and what it answers replaces the portal's copy — every ten minutes (RoutersSync) and when staff
 * rebuild the subnets (RoutersRebuild, for the routers they marked). A router that does not answer
 * is marked so with its error and keeps its last state; the sync never fails for one router.
 * Subnets smaller than a /16 are kept (bigger ones are not the provider's address space to list).
 */
import type { JobDeps } from '../../jobs/job-types.js';
import { RouterError } from '../../drivers/router/router.js';
import * as repo from './routers-sync.repository.js';

/** How many routers are asked at once. */
const PARALLEL = 4;

export interface RoutersSyncResult {
  routers: number;
  unreachable: number;
}

async function syncOne(deps: JobDeps, id: number): Promise<boolean> {
  try {
    const driver = await deps.network.routers.forRouter(id);
    const subnets = (await driver.addresses()).filter((s) => Number(s.network.split('/')[1]) >= 16);
    const arp = await driver.arp();
    const leases = await driver.leases();
    await deps.db.system((tx) => repo.recordRead(tx, id, { subnets, arp, leases }));
    return true;
  } catch (e) {
    if (!(e instanceof RouterError)) throw e;
    await deps.db.system((tx) => repo.recordFailure(tx, id, `${e.code}: ${e.message}`));
    return false;
  }
}

/** Reads routers `ids` (all when null) and records what each answered. */
export async function syncRouters(deps: JobDeps, ids: number[] | null): Promise<RoutersSyncResult> {
  const routers = await deps.db.system((tx) => repo.routersToSync(tx, ids));
  let unreachable = 0;
  for (let i = 0; i < routers.length; i += PARALLEL) {
    const ok = await Promise.all(routers.slice(i, i + PARALLEL).map((r) => syncOne(deps, r.id)));
    unreachable += ok.filter((x) => !x).length;
  }
  return { routers: routers.length, unreachable };
}
