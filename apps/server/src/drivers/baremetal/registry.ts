/**
 * Which driver reaches which dedicated server's BMC (issue 17: 'chosen per server'). A server row
 * names its BMC (`dedicated_servers.bmc_id`), the BMC row its driver: `simulator` (the sim_bmc_*
 * tables) or `redfish` (DMTF Redfish over HTTPS). Rows are read through the owner connection, the
 * only one allowed to read a BMC's address and sealed password, which is opened here only. A driver
 * is reused for a minute; after that the row is read again and the driver kept when nothing
 * changed (a redfish session is not thrown away every minute: a BMC has few session slots), else
 * it is closed and a new one made from the new registration.
 */
import type pg from 'pg';
import { openSecret } from '../hypervisor/secret-box.js';
import { BaremetalError, type BaremetalDriver, type BmcRecord } from './baremetal.js';
import { createRedfishBmc, type RedfishOptions } from './redfish-bmc.js';
import { findBmcRow, findServerBmc, type BmcRow } from './registry.repository.js';
import { createSimulatorBmc, type SimulatorBmcOptions } from './simulator-bmc.js';
import { SIMULATED_BMC_ADMIN } from './simulator-bmc-spec.js';
import { instrumentDriver } from '../../metrics/driver-metrics.js';

export interface BaremetalRegistry {
  /** The driver of dedicated server `serial`'s BMC; NOT_FOUND when there is no such server or it has no BMC. */
  forServer(serial: string): Promise<BaremetalDriver>;
  /** The driver of BMC `id`; NOT_FOUND for an unknown BMC. */
  forBmc(id: number): Promise<BaremetalDriver>;
  /** Closes every driver made (redfish sessions logged out); for the process's shutdown. */
  close(): Promise<void>;
}

export interface BaremetalRegistryOptions {
  /** The owner pool: reads the BMC rows with their sealed passwords, and is the simulator's connection. */
  owner: pg.Pool;
  /** The server's data key (`Secrets.dataKey`), which sealed the passwords. */
  dataKey: Buffer;
  /** How every simulated BMC behaves (power delay, clock). */
  simulator?: SimulatorBmcOptions;
  /** How every redfish driver talks (time-out). */
  redfish?: RedfishOptions;
  /** How long a driver is used before its row is read again, ms (default a minute). */
  cacheMs?: number;
}

/** Makes the registry; drivers are built when first asked for. */
export function createBaremetalRegistry(o: BaremetalRegistryOptions): BaremetalRegistry {
  const cacheMs = o.cacheMs ?? 60_000;
  const cache = new Map<number, { driver: BaremetalDriver; fingerprint: string; until: number }>();

  function record(row: BmcRow): BmcRecord {
    let password: string;
    try {
      // The demo seed has no data key: its simulated BMCs are registered without a password.
      password =
        row.password_sealed === null && row.driver === 'simulator'
          ? SIMULATED_BMC_ADMIN.password
          : openSecret(o.dataKey, row.password_sealed ?? '');
    } catch {
      throw new BaremetalError('UNAVAILABLE', `the password of BMC ${row.name} cannot be opened with this server's data key`);
    }
    return {
      id: row.id,
      driver: row.driver,
      address: row.address,
      systemId: row.system_id,
      username: row.username,
      password,
      useSession: row.use_session,
      caPem: row.ca_pem,
    };
  }

  function build(r: BmcRecord): BaremetalDriver {
    return r.driver === 'simulator' ? createSimulatorBmc(o.owner, r, o.simulator) : createRedfishBmc(r, o.redfish);
  }

  const closeQuietly = (d: BaremetalDriver) => void d.close?.().catch(() => undefined);

  async function forBmc(id: number): Promise<BaremetalDriver> {
    const hit = cache.get(id);
    if (hit && hit.until > Date.now()) return hit.driver;
    const row = await findBmcRow(o.owner, id);
    if (!row) {
      if (hit) closeQuietly(hit.driver);
      cache.delete(id);
      throw new BaremetalError('NOT_FOUND', `no BMC ${id}`);
    }
    // The sealed password changes with every seal, so a new password gives a new fingerprint.
    const fingerprint = JSON.stringify([
      row.driver,
      row.address,
      row.system_id,
      row.username,
      row.password_sealed,
      row.use_session,
      row.ca_pem,
    ]);
    if (hit && hit.fingerprint === fingerprint) {
      hit.until = Date.now() + cacheMs;
      return hit.driver;
    }
    // Every call counted and timed (portside_driver_calls_total{driver="bmc-…",cluster=<the BMC's name>}).
    const driver = instrumentDriver(build(record(row)), { driver: `bmc-${row.driver}`, cluster: row.name });
    if (hit) closeQuietly(hit.driver);
    cache.set(id, { driver, fingerprint, until: Date.now() + cacheMs });
    return driver;
  }

  return {
    forBmc,
    async forServer(serial) {
      const server = await findServerBmc(o.owner, serial);
      if (!server) throw new BaremetalError('NOT_FOUND', `no dedicated server '${serial}'`);
      if (server.bmc_id === null) throw new BaremetalError('NOT_FOUND', `dedicated server '${serial}' has no BMC`);
      return forBmc(server.bmc_id);
    },
    async close() {
      const drivers = [...cache.values()].map((c) => c.driver);
      cache.clear();
      await Promise.all(drivers.map((d) => (d.close ? d.close().catch(() => undefined) : Promise.resolve())));
    },
  };
}
