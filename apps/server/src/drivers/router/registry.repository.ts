/**
 * The `routers` table as the router registry reads it, through the owner connection (the only one
 * allowed to read a router's address and sealed password), and registerRouter, which seals the
 * password with the data key (as a BMC's is) for the seed and for tests.
 */
import type pg from 'pg';
import { sealSecret } from '../hypervisor/secret-box.js';
import type { RouterRecord } from './router.js';

/** A `routers` row as the registry needs it, the password still sealed. */
export interface RouterRow {
  id: number;
  name: string;
  driver: RouterRecord['driver'];
  address: string;
  username: string;
  password_sealed: string | null;
  ca_pem: string | null;
}

export async function findRouterRow(owner: pg.Pool, id: number): Promise<RouterRow | undefined> {
  const r = await owner.query<RouterRow>(
    `SELECT id, name, driver, address, username, password_sealed, ca_pem FROM routers WHERE id = $1`,
    [id],
  );
  return r.rows[0];
}

/** A router to register, its password in the clear (sealed before it is stored). */
export interface RouterRegistration {
  name: string;
  location: string;
  driver: RouterRecord['driver'];
  address: string;
  username: string;
  /** Null only for a simulated router reached with the simulator's factory login (the demo seed). */
  password: string | null;
  caPem?: string | null;
}

/** Registers a router (or replaces the one of its name, keeping its id) and answers its id. */
export async function registerRouter(owner: pg.Pool, dataKey: Buffer | null, r: RouterRegistration): Promise<number> {
  const sealed = r.password === null ? null : sealSecret(dataKey ?? Buffer.alloc(0), r.password);
  const q = await owner.query<{ id: number }>(
    `INSERT INTO routers (name, location_id, driver, address, username, password_sealed, ca_pem)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (name) DO UPDATE SET location_id = EXCLUDED.location_id, driver = EXCLUDED.driver, address = EXCLUDED.address,
       username = EXCLUDED.username, password_sealed = EXCLUDED.password_sealed, ca_pem = EXCLUDED.ca_pem
     RETURNING id`,
    [r.name, r.location, r.driver, r.address, r.username, sealed, r.caPem ?? null],
  );
  return q.rows[0]!.id;
}
