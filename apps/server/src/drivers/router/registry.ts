/**
 * Which driver reaches which router (issue 18): a `routers` row names its driver — `simulator`
 * (the sim_router_* tables) or `routeros` (MikroTik RouterOS v7 REST). Rows are read through the
 * owner connection, the only one allowed to read a router's address and sealed password, which is
 * opened here only. A driver is reused for a minute; after that the row is read again and the
 * driver kept when nothing changed, else closed and made anew from the new registration.
 */
import type pg from 'pg';
import { openSecret } from '../hypervisor/secret-box.js';
import { RouterError, type RouterDriver, type RouterRecord } from './router.js';
import { createRouterOsRouter, type RouterOsOptions } from './routeros-router.js';
import { findRouterRow, type RouterRow } from './registry.repository.js';
import { createSimulatorRouter, SIMULATED_ROUTER_ADMIN } from './simulator-router.js';
import { instrumentDriver } from '../../metrics/driver-metrics.js';

export interface RouterRegistry {
  /** The driver of router `id`; NOT_FOUND for an unknown router. */
  forRouter(id: number): Promise<RouterDriver>;
  /** Closes every driver made; for the process's shutdown. */
  close(): Promise<void>;
}

export interface RouterRegistryOptions {
  /** The owner pool: reads the router rows with their sealed passwords, and is the simulator's connection. */
  owner: pg.Pool;
  /** The server's data key (`Secrets.dataKey`), which sealed the passwords. */
  dataKey: Buffer;
  /** How every routeros driver talks (time-out). */
  routeros?: RouterOsOptions;
  /** How long a driver is used before its row is read again, ms (default a minute). */
  cacheMs?: number;
}

type Closable = RouterDriver & { close?: () => Promise<void> };

export function createRouterRegistry(o: RouterRegistryOptions): RouterRegistry {
  const cacheMs = o.cacheMs ?? 60_000;
  const cache = new Map<number, { driver: Closable; fingerprint: string; until: number }>();

  function record(row: RouterRow): RouterRecord {
    let password: string;
    try {
      password =
        row.password_sealed === null && row.driver === 'simulator'
          ? SIMULATED_ROUTER_ADMIN.password
          : openSecret(o.dataKey, row.password_sealed ?? '');
    } catch {
      throw new RouterError('UNAVAILABLE', `the password of router ${row.name} cannot be opened with this server's data key`);
    }
    return {
      id: row.id,
      name: row.name,
      driver: row.driver,
      address: row.address,
      username: row.username,
      password,
      caPem: row.ca_pem,
    };
  }

  const closeQuietly = (d: Closable) => void d.close?.().catch(() => undefined);

  return {
    async forRouter(id) {
      const hit = cache.get(id);
      if (hit && hit.until > Date.now()) return hit.driver;
      const row = await findRouterRow(o.owner, id);
      if (!row) {
        if (hit) closeQuietly(hit.driver);
        cache.delete(id);
        throw new RouterError('NOT_FOUND', `no router ${id}`);
      }
      const fingerprint = JSON.stringify([row.driver, row.address, row.username, row.password_sealed, row.ca_pem]);
      if (hit && hit.fingerprint === fingerprint) {
        hit.until = Date.now() + cacheMs;
        return hit.driver;
      }
      const r = record(row);
      // Every call counted and timed (portside_driver_calls_total{driver="router-…",cluster=<the router's name>}).
      const driver: Closable = instrumentDriver(
        r.driver === 'simulator' ? createSimulatorRouter(o.owner, r) : createRouterOsRouter(r, o.routeros),
        { driver: `router-${r.driver}`, cluster: r.name },
      );
      if (hit) closeQuietly(hit.driver);
      cache.set(id, { driver, fingerprint, until: Date.now() + cacheMs });
      return driver;
    },
    async close() {
      const drivers = [...cache.values()].map((c) => c.driver);
      cache.clear();
      await Promise.all(drivers.map((d) => (d.close ? d.close().catch(() => undefined) : Promise.resolve())));
    },
  };
}
