/**
 * Which driver reaches which cluster (issue 4: 'chosen per cluster in the database'). A cluster row
 * names its driver: `simulator` (the sim_* tables, limited to the cluster's nodes) or `proxmox`
 * (the Proxmox VE API with the cluster's API token, whose secret is kept sealed and opened here
 * only). Rows are read through the owner connection, the only one allowed to read the sealed
 * secret; drivers are cached per cluster for a minute so a changed registration takes effect.
 */
import type pg from 'pg';
import { HypervisorError, type HypervisorDriver } from './hypervisor.js';
import { createSimulatorHypervisor, type SimulatorOptions } from './simulator.js';
import { findCluster, listClusters, type ClusterRecord } from './registry.repository.js';
import { instrumentDriver } from '../../metrics/driver-metrics.js';

/** Makes the `proxmox` driver for a cluster row (kept apart so the registry does not depend on it). */
export type ProxmoxFactory = (cluster: ClusterRecord) => HypervisorDriver;

export interface HypervisorRegistry {
  /** The driver of cluster `id`; throws NOT_FOUND for an unknown cluster. */
  forCluster(id: number): Promise<HypervisorDriver>;
  /** Every registered cluster (id, name, driver), for the cluster sync (modules/vms/cluster-sync.ts). */
  clusters(): Promise<Array<Pick<ClusterRecord, 'id' | 'name' | 'driver'>>>;
}

export interface RegistryOptions {
  /** The owner pool: reads the sealed secrets and is the simulator's connection. */
  owner: pg.Pool;
  /** Options of every simulated cluster (task duration, failure injection). */
  simulator: Omit<SimulatorOptions, 'nodes'>;
  /** The `proxmox` driver factory; without it a proxmox cluster cannot be reached. */
  proxmox?: ProxmoxFactory;
  /** How long a driver is reused, ms. */
  cacheMs?: number;
}

export function createHypervisorRegistry(o: RegistryOptions): HypervisorRegistry {
  const cacheMs = o.cacheMs ?? 60_000;
  const cache = new Map<number, { driver: HypervisorDriver; until: number }>();

  function build(c: ClusterRecord): HypervisorDriver {
    if (c.driver === 'simulator')
      return createSimulatorHypervisor(o.owner, { ...o.simulator, nodes: c.sim_nodes.length ? c.sim_nodes : null });
    if (!o.proxmox)
      throw new HypervisorError('BAD_PARAMETER', `cluster ${c.name}: the proxmox driver is not available in this process`);
    return o.proxmox(c);
  }

  return {
    async forCluster(id) {
      const hit = cache.get(id);
      if (hit && hit.until > Date.now()) return hit.driver;
      const row = await findCluster(o.owner, id);
      if (!row) throw new HypervisorError('NOT_FOUND', `no cluster ${id}`);
      // Every call counted and timed by driver and cluster (portside_driver_calls_total).
      const driver = instrumentDriver(build(row), { driver: row.driver, cluster: row.name });
      cache.set(id, { driver, until: Date.now() + cacheMs });
      return driver;
    },
    async clusters() {
      return listClusters(o.owner);
    },
  };
}
