/**
 * The cluster side of the firewall (issue 15): the 'firewall' VM operation pushes a server's saved
 * rules (with the IP sets they name, written first) and its inbound policy, then removes the
 * portal's IP sets no rule on that cluster names any more; the IpsetSync job brings an IP set's
 * copies on the clusters in line with its entries after they changed. Both are safe to repeat.
 */
import { serverText } from '@portside/contract/server-texts';
import type { FirewallRuleSpec, HypervisorDriver } from '../../drivers/hypervisor/hypervisor.js';
import { HypervisorError } from '../../drivers/hypervisor/hypervisor.js';
import { JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import type { DataFinish, DataStepContext } from '../vm-data/vm-data-operations.js';
import * as repo from './firewall.repository.js';

/** The portal's IP sets on a cluster are named after their id. */
export const CLUSTER_IPSET_PREFIX = 'ps-ipset-';
export const clusterIpsetName = (id: number) => `${CLUSTER_IPSET_PREFIX}${id}`;

/** A saved rule as the cluster gets it. */
function specOf(r: repo.PushRule): FirewallRuleSpec {
  return {
    action: r.action,
    source: r.source_ipset !== null ? `+${clusterIpsetName(r.source_ipset)}` : r.source,
    proto: r.proto === 'any' ? null : r.proto,
    sport: r.sport,
    dport: r.dport,
    comment: r.comment,
  };
}

/** Removes the portal's IP sets on the cluster that no rule names; a failure only leaves one for the next push. */
async function pruneIpsets(deps: JobDeps, driver: HypervisorDriver, clusterId: number): Promise<void> {
  const inUse = new Set((await deps.db.system((tx) => repo.ipsetsInUseOnCluster(tx, clusterId))).map(clusterIpsetName));
  for (const s of await driver.ipsets(CLUSTER_IPSET_PREFIX)) {
    if (!inUse.has(s.name)) await driver.deleteIpset(s.name).catch(() => {});
  }
}

/** The 'firewall' operation's steps (run by vms/vm-operations.ts); null for other actions. */
export async function runNetworkAction(c: DataStepContext): Promise<DataFinish | null> {
  if (c.op.action !== 'firewall') return null;
  const { driver, vm, deps } = c;
  const revision = Number(c.op.params.revision);
  const rules = Number(c.op.params.rules);
  const block = c.op.params.block === true;
  await c.taskStep(0, async () => {
    const state = await deps.db.system((tx) => repo.pushState(tx, vm.provisioned_id));
    for (const s of state.ipsets) await driver.setIpset({ name: clusterIpsetName(s.id), comment: s.name, cidrs: s.cidrs });
    return driver.setFirewall(vm.vmid, state.rules.map(specOf), state.blockOthers ? 'DROP' : 'ACCEPT');
  });
  await pruneIpsets(deps, driver, vm.cluster_id).catch(() => {});
  return async (tx) => {
    await repo.setApplied(tx, vm.provisioned_id, revision);
    return { text: serverText(block ? 'terminal:ops.firewall.done_blocked' : 'terminal:ops.firewall.done', { rules }) };
  };
}

/** IpsetSync: the IP set's copy on every cluster where a rule names it made equal to its entries. */
export async function syncIpset(deps: JobDeps, ipsetId: number): Promise<JobResult> {
  const { clusters, sets } = await deps.db.system(async (tx) => ({
    clusters: await repo.clustersUsingIpset(tx, ipsetId),
    sets: await repo.ipsetsWithEntries(tx, [ipsetId]),
  }));
  const set = sets[0];
  if (!set || !clusters.length) return { status: JobStatus.Skipped, detail: `IP set ${ipsetId} is named by no rule` };
  for (const clusterId of clusters) {
    const driver = await deps.hypervisors.forCluster(clusterId);
    try {
      await driver.setIpset({ name: clusterIpsetName(set.id), comment: set.name, cidrs: set.cidrs });
    } catch (e) {
      // A refusal will not change by retrying; anything else (the cluster down) is retried by the queue.
      if (e instanceof HypervisorError) return { status: JobStatus.Failed, detail: `cluster ${clusterId}: ${e.message}` };
      throw e;
    }
  }
  return { status: JobStatus.Success, detail: `IP set ${ipsetId} on ${clusters.length} clusters` };
}
