/**
 * The cluster sync (spec 1 §4 activity levels, spec 2 §9 prox_sync_success), the recurring job
 * `clusters.sync`: every few seconds one worker reads each cluster's inventory and records, for
 * every VM it finds on an online node, that it was seen, its power state and lock (unless an
 * operation is changing them right now). A VM the sync stops finding ages through WARNING,
 * CRITICAL, DEAD and LOST (vm_activity_level). An account's prox_sync_success is true while every
 * cluster holding its VMs answered within the last minute.
 */
import type { JobDeps } from '../../jobs/job-types.js';
import { errorField } from '../../logger.js';
import * as repo from './cluster-sync.repository.js';

export interface ClusterSyncResult {
  clusters: number;
  failedClusters: number;
  /** VMs found and recorded. */
  seen: number;
}

/** Reads every cluster once; a cluster that does not answer keeps its error and fails nothing else. */
export async function syncClusters(deps: Pick<JobDeps, 'db' | 'hypervisors' | 'logger'>): Promise<ClusterSyncResult> {
  const out: ClusterSyncResult = { clusters: 0, failedClusters: 0, seen: 0 };
  for (const c of await deps.hypervisors.clusters()) {
    out.clusters++;
    try {
      out.seen += await syncCluster(deps, c.id);
    } catch (e) {
      out.failedClusters++;
      deps.logger.warn({ cluster: c.id, err: errorField(e) }, 'cluster did not answer its inventory');
      await deps.db.system((tx) => repo.recordSyncError(tx, c.id, errorField(e)));
    }
  }
  await repo.refreshSyncSuccess(deps.db.owner);
  return out;
}

/**
 * Reads one cluster's inventory and records what it finds (the sync of {@link syncClusters}, and
 * the staff call PushVmStates); answers the VMs recorded. Throws when the cluster does not answer.
 */
export async function syncCluster(deps: Pick<JobDeps, 'db' | 'hypervisors'>, clusterId: number): Promise<number> {
  const driver = await deps.hypervisors.forCluster(clusterId);
  const inv = await driver.inventory();
  const online = new Set(inv.nodes.filter((n) => n.online).map((n) => n.name));
  const live = inv.vms.filter((v) => online.has(v.node));
  return deps.db.system((tx) => repo.recordInventory(tx, clusterId, live));
}
